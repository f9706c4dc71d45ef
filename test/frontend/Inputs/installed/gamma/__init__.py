__version__: str = "2.0.0rc1"
