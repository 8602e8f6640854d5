import { Argument, type Command } from 'commander'

const SCRIPTS: Record<string, string> = {
  bash: `# adrelay completion for bash: eval "$(adrelay completion bash)" in ~/.bashrc
_adrelay_complete() {
  local IFS=$'\\n'
  COMPREPLY=( $(adrelay __complete -- "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null) )
}
complete -o default -F _adrelay_complete adrelay
`,
  zsh: `#compdef adrelay
# adrelay completion for zsh: eval "$(adrelay completion zsh)" in ~/.zshrc
_adrelay_complete() {
  local -a candidates
  candidates=("\${(@f)$(adrelay __complete -- "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  compadd -- $candidates
}
compdef _adrelay_complete adrelay
`,
  fish: `# adrelay completion for fish: adrelay completion fish > ~/.config/fish/completions/adrelay.fish
complete -c adrelay -f -a '(adrelay __complete -- (commandline -opc)[2..-1] (commandline -ct) 2>/dev/null)'
`,
}

/**
 * Completion candidates for the words typed after `adrelay` (the last one possibly
 * partial): subcommands, then the current command's flags. Generated action commands are
 * included from the cached OpenAPI document (no network while completing).
 */
export function completionCandidates(program: Command, words: string[]): string[] {
  const partial = words.length > 0 ? words[words.length - 1] : ''
  let command = program
  for (const word of words.slice(0, -1)) {
    if (word.startsWith('-')) continue
    const next = command.commands.find(
      (candidate) => candidate.name() === word || candidate.aliases().includes(word)
    )
    if (next) command = next
  }
  const names = command.commands
    .filter((candidate) => !(candidate as any)._hidden)
    .map((candidate) => candidate.name())
  const flags = [...command.options, ...program.options]
    .flatMap((option) => [option.long, option.short])
    .filter((flag): flag is string => typeof flag === 'string')
  const pool = partial.startsWith('-') ? flags : names.length > 0 ? names : flags
  return [...new Set(pool)].filter((candidate) => candidate.startsWith(partial)).sort()
}

/** `completion bash|zsh|fish` and the hidden `__complete` it calls. */
export function completionCommands(program: Command) {
  program
    .command('completion')
    .description('Print a shell completion script')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(Object.keys(SCRIPTS)))
    .action((shell: string) => {
      process.stdout.write(SCRIPTS[shell])
    })
  program
    .command('__complete', { hidden: true })
    .argument('[words...]')
    .allowUnknownOption()
    .helpOption(false)
    .action((words: string[] = []) => {
      for (const candidate of completionCandidates(program, words))
        process.stdout.write(candidate + '\n')
    })
}
