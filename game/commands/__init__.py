"""One module per ``clinch`` subcommand, each with ``main(argv) -> int``."""
