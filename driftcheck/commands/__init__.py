"""One module per CLI command, each exporting ``command``. Imported lazily by the CLI."""
