"""The `ludoteca` command line."""
