"""CLI command modules; each exports COMMANDS, a list of click commands."""
