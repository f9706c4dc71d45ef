class CompilationError(Exception):
    def __init__(self, src, node, error_message=None):
        super().__init__(error_message)
        self.src = src
        self.node = node
        self.error_message = error_message
