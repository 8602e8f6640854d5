/* The formula-injection rule is shared (users export, leads export): it lives in #shared. */
export { neutralizeFormula } from '#shared/csv_cells'
