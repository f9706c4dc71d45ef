# a checkout whose version is in its pyproject.toml
