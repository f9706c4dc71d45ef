# lit configuration of trex's IR and tool tests.
import os

import lit.formats

config.name = "trex"
config.test_format = lit.formats.ShTest(execute_external=False)
# .py: the front-end coverage kernels of test/frontend (each runs trex compile on itself).
config.suffixes = [".mlir", ".test", ".py"]
config.excludes = ["CMakeLists.txt", "unit", "layoutviz", "Inputs", "lit.cfg.py",
                   "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.trex_obj_root, "test")

# trex's tools first, then FileCheck/not/count from LLVM.
config.environment["PATH"] = os.pathsep.join(
    [config.trex_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
config.substitutions.append(("%shared", config.trex_shared_dir))
