/** Version of this CLI (kept equal to cli/package.json's). */
export const CLI_VERSION = '0.1.0'
