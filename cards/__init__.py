"""Card data package: one folder of TOML card and deck files per ruleset (no code)."""
