import Table from 'cli-table3'
import ora from 'ora'
import pc from 'picocolors'

/**
 * Everything `adrelay` prints goes through here, so the rules hold for every command:
 * results on stdout (tables on a TTY, tab-separated lines otherwise, JSON with `--json`);
 * messages, spinners and errors on stderr; colours only on a TTY and never with `NO_COLOR`;
 * spinners only when stderr is a TTY.
 */
export class Output {
  readonly colors: ReturnType<typeof pc.createColors>
  /** Whether the stream results go to (stdout, or stderr for `onStderr()`) is a TTY. */
  readonly stdoutIsTTY: boolean
  readonly stderrIsTTY: boolean
  /** `NO_COLOR` set to anything but the empty string (https://no-color.org). */
  readonly noColor: boolean

  constructor(
    readonly json: boolean,
    private readonly results: NodeJS.WriteStream = process.stdout
  ) {
    this.stdoutIsTTY = results.isTTY === true
    this.stderrIsTTY = process.stderr.isTTY === true
    this.noColor = 'NO_COLOR' in process.env && process.env.NO_COLOR !== ''
    this.colors = pc.createColors(
      !this.noColor && (process.stdout.isTTY === true || this.stderrIsTTY)
    )
  }

  /**
   * The same rules, printing for people, with results on stderr: what a person must see
   * while stdout carries `--json` results (a write's preview before its question).
   */
  onStderr(): Output {
    return new Output(false, process.stderr)
  }

  /** Prints `value` as JSON with `--json`, else runs `human` to print it for people. */
  result(value: unknown, human: () => void) {
    if (this.json) process.stdout.write(JSON.stringify(value, null, 2) + '\n')
    else human()
  }

  /** A line of result text on stdout (on stderr for `onStderr()`). */
  line(text = '') {
    this.results.write(text + '\n')
  }

  /** A message for people on stderr (never mixed into results). */
  info(text: string) {
    process.stderr.write(text + '\n')
  }

  success(text: string) {
    this.info(`${this.colors.green('✓')} ${text}`)
  }

  warn(text: string) {
    this.info(`${this.colors.yellow('!')} ${text}`)
  }

  /** Rows under a header: a boxed table on a TTY, tab-separated lines when piped. */
  table(head: string[], rows: Array<Array<string | number>>) {
    if (!this.stdoutIsTTY) {
      for (const row of rows) this.line(row.map(String).join('\t'))
      return
    }
    const table = new Table({
      head: head.map((title) => this.colors.bold(title)),
      style: { head: [], border: [] },
      wordWrap: true,
    })
    table.push(...rows.map((row) => row.map(String)))
    this.line(table.toString())
  }

  /**
   * Horizontal bars, one row per label, scaled to the largest value (`width` cells), with
   * the value after each bar.
   */
  barChart(rows: Array<{ label: string; value: number; note?: string }>, width = 40) {
    const max = Math.max(1, ...rows.map((row) => row.value))
    const labelWidth = Math.max(0, ...rows.map((row) => row.label.length))
    for (const row of rows) {
      const cells = row.value === 0 ? 0 : Math.max(1, Math.round((row.value / max) * width))
      const bar = this.colors.cyan('█'.repeat(cells)) + ' '.repeat(width - cells)
      const note = row.note ? ` ${this.colors.dim(row.note)}` : ''
      this.line(
        `${row.label.padEnd(labelWidth)}  ${bar} ${row.value.toLocaleString('en-US')}${note}`
      )
    }
  }

  /** Runs `work` under a spinner saying `text` (stderr TTY only, never with `--json`). */
  async spin<T>(text: string, work: () => Promise<T>): Promise<T> {
    // A terminal that reports no width (a pseudo-terminal nobody sized) would send ora
    // into an endless line-clearing loop: no spinner there.
    if (!this.stderrIsTTY || this.json || !(process.stderr.columns > 0)) return work()
    const spinner = ora({
      text,
      stream: process.stderr,
      discardStdin: false,
      // ora colours its frames whatever NO_COLOR says.
      ...(this.noColor ? { color: false as const } : {}),
    }).start()
    try {
      return await work()
    } finally {
      spinner.stop()
    }
  }
}
