// ModuleImports: imports for the module evaluator: Triton's package, modelled modules, sibling
// files and packages on the search path, opaque modules.
#include "ModuleEvaluatorImpl.h"

#include "trex/Frontend/Python/Parser.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <functional>

namespace trex::frontend {

std::string ModuleEvaluator::Impl::packageDirectory(const ModuleScope &scope) {
  return llvm::sys::path::parent_path(scope.fileName).str();
}

// The file of module `dotted` under `base`: base/a/b.py or base/a/b/__init__.py; also
// whether it is a package (a folder, with or without __init__.py).
std::optional<std::pair<std::string, bool>>
ModuleEvaluator::Impl::findModuleFile(const std::string &base, const std::string &dotted) {
  llvm::SmallString<256> path(base.empty() ? "." : base);
  size_t start = 0;
  while (start <= dotted.size()) {
    size_t dot = dotted.find('.', start);
    std::string part =
        dotted.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    llvm::sys::path::append(path, part);
    if (dot == std::string::npos)
      break;
    start = dot + 1;
  }
  llvm::SmallString<256> file(path);
  file += ".py";
  if (llvm::sys::fs::is_regular_file(file))
    return std::make_pair(std::string(file), false);
  llvm::SmallString<256> init(path);
  llvm::sys::path::append(init, "__init__.py");
  if (llvm::sys::fs::is_regular_file(init))
    return std::make_pair(std::string(init), true);
  if (llvm::sys::fs::is_directory(path))
    return std::make_pair(std::string(path), true); // a namespace package
  return std::nullopt;
}

Value ModuleEvaluator::Impl::loadUserModule(const std::string &dotted, const std::string &file) {
  llvm::SmallString<256> real;
  std::string key = llvm::sys::fs::real_path(file, real) ? file : std::string(real);
  if (auto existing = modulesByPath.find(key); existing != modulesByPath.end())
    return moduleValue(dotted, existing->second);
  auto scope = std::make_unique<ModuleScope>();
  scope->moduleName = dotted;
  ModuleScope *raw = scope.get();
  modulesByPath[key] = raw;
  ownedModules.push_back(std::move(scope));
  Value value = moduleValue(dotted, raw);
  userModules[dotted] = value;
  if (llvm::sys::fs::is_directory(file)) {
    raw->fileName = (llvm::Twine(file) + "/__init__.py").str();
    return value;
  }
  raw->fileName = file;
  auto buffer = llvm::MemoryBuffer::getFile(file);
  if (!buffer)
    raise("ImportError", "cannot read " + file + ": " + buffer.getError().message());
  raw->source = (*buffer)->getBuffer().str();
  python::ParseResult parsed = python::parsePythonModule(raw->source, raw->fileName);
  if (!parsed.succeeded()) {
    for (python::Diagnostic &diagnostic : parsed.diagnostics)
      owner.diagnostics_.push_back(diagnostic);
    raise("SyntaxError", "the module " + dotted + " (" + file + ") does not parse");
  }
  for (python::Diagnostic &diagnostic : parsed.diagnostics)
    owner.diagnostics_.push_back(diagnostic);
  raw->module = std::move(parsed.module);
  runModule(*raw);
  return value;
}

Value ModuleEvaluator::Impl::moduleValue(const std::string &dotted, ModuleScope *scope) {
  auto object = makeObject(Object::Type::Module, dotted);
  object->module = scope;
  return Value::object(std::move(object));
}

// `import dotted` (absolute): the module's value. Throws ModuleNotFoundError.
Value ModuleEvaluator::Impl::importAbsolute(const std::string &dotted) {
  if (isTriton(dotted)) {
    if (tritonModuleExists(dotted) || library().isKnownNamespace(dotted))
      return Value::nameSpace(dotted);
    raise("ModuleNotFoundError", "No module named '" + dotted + "' (Triton 3.6 has none)");
  }
  if (auto it = userModules.find(dotted); it != userModules.end())
    return it->second;
  if (auto found = findOnPath(dotted)) {
    // Parent packages first, as Python imports them.
    size_t dot = dotted.rfind('.');
    if (dot != std::string::npos)
      importAbsolute(dotted.substr(0, dot));
    Value value = loadUserModule(dotted, found->first);
    linkSubmodule(dotted, value);
    return value;
  }
  if (isTorch(dotted) || isModelledStandardModule(dotted))
    return Value::nameSpace(dotted);
  // A module trex does not model and cannot find (a package not on the path): opaque.
  return opaqueValue(dotted);
}

std::vector<std::string> ModuleEvaluator::Impl::pathFolders() const {
  std::vector<std::string> folders{rootDirectory};
  folders.insert(folders.end(), searchPath.begin(), searchPath.end());
  return folders;
}

std::optional<std::pair<std::string, bool>>
ModuleEvaluator::Impl::findOnPath(const std::string &dotted) {
  for (const std::string &folder : pathFolders())
    if (auto found = findModuleFile(folder, dotted))
      return found;
  return std::nullopt;
}

namespace {

// A distribution's name as wheels spell it in their .dist-info folders (PEP 503 normalized,
// `_` for each run of `-`, `_` and `.`): "Flash-Attn" -> "flash_attn".
std::string normalizedDistribution(llvm::StringRef name) {
  std::string result;
  for (char c : name) {
    bool separator = c == '-' || c == '_' || c == '.';
    if (separator && !result.empty() && result.back() == '_')
      continue;
    result += separator ? '_' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return result;
}

std::vector<std::string> linesOf(const std::string &file) {
  std::vector<std::string> lines;
  auto buffer = llvm::MemoryBuffer::getFile(file);
  if (!buffer)
    return lines;
  llvm::SmallVector<llvm::StringRef> parts;
  (*buffer)->getBuffer().split(parts, '\n');
  for (llvm::StringRef line : parts)
    lines.push_back(line.rtrim("\r").str());
  return lines;
}

// The quoted string of `key = "value"` (or `key: str = 'value'`) on one line, else nothing.
std::optional<std::string> assignedString(llvm::StringRef line, llvm::StringRef key) {
  if (!line.consume_front(key))
    return std::nullopt;
  line = line.ltrim();
  if (line.consume_front(":")) // an annotation
    line = line.drop_until([](char c) { return c == '='; });
  if (!line.consume_front("="))
    return std::nullopt;
  line = line.trim();
  if (line.size() < 2 || (line.front() != '"' && line.front() != '\'') ||
      line.back() != line.front())
    return std::nullopt;
  return line.drop_front().drop_back().str();
}

// The Version: field of a METADATA or PKG-INFO file.
std::optional<std::string> metadataVersion(const std::string &file) {
  for (llvm::StringRef line : linesOf(file)) {
    if (line.empty())
      break; // the headers end at the first blank line
    if (line.consume_front("Version:"))
      return line.trim().str();
  }
  return std::nullopt;
}

// `version = "..."` in pyproject.toml's [project] table (absent where the version is dynamic).
std::optional<std::string> pyprojectVersion(const std::string &file) {
  bool inProject = false;
  for (llvm::StringRef line : linesOf(file)) {
    line = line.trim();
    if (line.starts_with("["))
      inProject = line == "[project]";
    else if (inProject)
      if (auto version = assignedString(line, "version"))
        return version;
  }
  return std::nullopt;
}

} // namespace

// importlib.metadata.version(distribution) for a distribution other than Triton and torch.
// trex sees no site-packages, so it answers from what the path shows:
//  1. installed metadata in a folder of the path (NAME-VERSION.dist-info/METADATA, or
//     NAME.egg-info/PKG-INFO as `setup.py develop` leaves in a checkout);
//  2. else, where the package's source is on the path (a checkout, installed in the program's
//     environment with `pip install -e .`), the version its pyproject.toml or its
//     __version__ states, else "0.0.0" with a note saying so;
//  3. else the distribution is not installed: PackageNotFoundError, as Python raises (an
//     ImportError: projects test for optional packages this way).
std::string ModuleEvaluator::Impl::installedVersion(const std::string &distribution) {
  std::string wanted = normalizedDistribution(distribution);
  for (const std::string &base : pathFolders()) {
    std::error_code error;
    for (llvm::sys::fs::directory_iterator entry(base.empty() ? "." : base, error), end;
         !error && entry != end; entry.increment(error)) {
      llvm::StringRef name = llvm::sys::path::filename(entry->path());
      std::string metadata;
      if (name.ends_with(".dist-info") && normalizedDistribution(name.split('-').first) == wanted)
        metadata = (entry->path() + "/METADATA");
      else if (name.ends_with(".egg-info") &&
               normalizedDistribution(name.drop_back(9).split('-').first) == wanted)
        metadata = (entry->path() + "/PKG-INFO");
      if (!metadata.empty())
        if (auto version = metadataVersion(metadata))
          return *version;
    }
  }
  if (auto found = findOnPath(wanted)) {
    // The folder the package sits in (its checkout's root, where pyproject.toml is).
    llvm::StringRef file = found->first;
    std::string package = found->second && file.ends_with(".py")
                              ? llvm::sys::path::parent_path(file).str()
                              : file.str();
    std::string root =
        llvm::sys::path::parent_path(found->second ? llvm::StringRef(package) : file).str();
    if (auto version = pyprojectVersion(root + "/pyproject.toml"))
      return *version;
    std::vector<std::string> candidates;
    if (found->second)
      for (const char *name : {"__init__.py", "version.py", "_version.py", "__about__.py"})
        candidates.push_back(package + "/" + name);
    else
      candidates.push_back(file.str());
    for (const std::string &candidate : candidates)
      for (llvm::StringRef line : linesOf(candidate))
        if (auto version = assignedString(line, "__version__"))
          return *version;
    if (currentModule)
      remark(*currentModule, currentNode ? currentNode->location() : SourceLocation{1, 0},
             "trex cannot tell which version of '" + distribution +
                 "' is installed (its source is on the path, without metadata or a __version__ "
                 "trex can read); it takes 0.0.0",
             python::DiagnosticSeverity::Note);
    return "0.0.0";
  }
  raise("PackageNotFoundError", "No package metadata was found for " + distribution);
}

bool ModuleEvaluator::Impl::isModelledStandardModule(const std::string &dotted) {
  static const std::set<std::string> modules = {"math",
                                                "os",
                                                "os.path",
                                                "sys",
                                                "functools",
                                                "typing",
                                                "typing_extensions",
                                                "packaging",
                                                "packaging.version",
                                                "enum",
                                                "dataclasses",
                                                "itertools",
                                                "operator",
                                                "warnings",
                                                "logging",
                                                "abc",
                                                "collections",
                                                "inspect",
                                                "importlib",
                                                "importlib.util",
                                                "pathlib",
                                                "re",
                                                "json",
                                                "copy",
                                                "contextlib",
                                                "types",
                                                "numbers",
                                                "builtins",
                                                "__future__",
                                                "importlib.metadata",
                                                "platform",
                                                "time",
                                                "random",
                                                "string",
                                                "textwrap"};
  return modules.count(dotted) != 0;
}

void ModuleEvaluator::Impl::linkSubmodule(const std::string &dotted, const Value &value) {
  size_t dot = dotted.rfind('.');
  if (dot == std::string::npos)
    return;
  auto parent = userModules.find(dotted.substr(0, dot));
  if (parent == userModules.end() || !isObjectOf(parent->second, Object::Type::Module))
    return;
  ModuleScope *scope = parent->second.asObject()->module;
  if (!scope->globals.count(dotted.substr(dot + 1)))
    bindGlobal(*scope, dotted.substr(dot + 1), value, nullptr);
}

// `from .x import` at `level`: the folder and dotted prefix it names.
std::pair<std::string, std::string> ModuleEvaluator::Impl::relativeBase(const ModuleScope &scope,
                                                                        int level) {
  std::string folder = packageDirectory(scope);
  std::string dotted = scope.moduleName;
  bool isPackage = llvm::sys::path::filename(scope.fileName) == "__init__.py";
  if (!isPackage) {
    size_t dot = dotted.rfind('.');
    dotted = dot == std::string::npos ? "" : dotted.substr(0, dot);
  }
  for (int i = 1; i < level; ++i) {
    folder = llvm::sys::path::parent_path(folder).str();
    size_t dot = dotted.rfind('.');
    dotted = dot == std::string::npos ? "" : dotted.substr(0, dot);
  }
  return {folder, dotted};
}

Value ModuleEvaluator::Impl::importRelative(const ModuleScope &scope, int level,
                                            const std::string &name) {
  auto [folder, prefix] = relativeBase(scope, level);
  std::string dotted = joinPath(prefix, name);
  if (name.empty()) {
    // `from . import x`: the package itself.
    if (auto it = userModules.find(prefix); !prefix.empty() && it != userModules.end())
      return it->second;
    llvm::SmallString<256> init(folder);
    llvm::sys::path::append(init, "__init__.py");
    if (llvm::sys::fs::is_regular_file(init))
      return loadUserModule(prefix.empty() ? llvm::sys::path::filename(folder).str() : prefix,
                            std::string(init));
    // A folder without __init__.py (a namespace package): its names are its files, which
    // importFromModule finds as submodules.
    auto packageScope = std::make_unique<ModuleScope>();
    packageScope->moduleName = prefix;
    packageScope->fileName = folder + "/__init__.py";
    auto object = makeObject(Object::Type::Module, prefix);
    object->module = packageScope.get();
    ownedModules.push_back(std::move(packageScope));
    return Value::object(object);
  }
  if (auto it = userModules.find(dotted); it != userModules.end())
    return it->second;
  if (auto found = findModuleFile(folder, name)) {
    Value value = loadUserModule(dotted.empty() ? name : dotted, found->first);
    return value;
  }
  raise("ImportError", "attempted relative import of '" + name + "': no " + name + ".py or " +
                           name + "/ in " + (folder.empty() ? "." : folder));
}

// `from module import name`: the attribute, or the submodule of that name.
Value ModuleEvaluator::Impl::importFromModule(const Value &module, const std::string &moduleName,
                                              const std::string &name, const ModuleScope &scope,
                                              int level) {
  if (isOpaque(module)) {
    // Projects re-export Triton (`from vllm.triton_utils import tl, triton`): the names
    // Triton's modules go by are taken to be Triton's when their module cannot be read.
    static const std::map<std::string, std::string> reexports = {
        {"triton", "triton"},
        {"tl", "triton.language"},
        {"libdevice", "triton.language.extra.libdevice"}};
    if (auto known = reexports.find(name); known != reexports.end()) {
      remark(*currentModule, currentNode ? currentNode->location() : SourceLocation{1, 0},
             "trex cannot read " + module.asObject()->name + " (not on the path); it takes its '" +
                 name + "' to be " + known->second,
             python::DiagnosticSeverity::Note);
      return Value::nameSpace(known->second);
    }
    return opaqueValue(joinPath(module.asObject()->name, name));
  }
  try {
    return getAttribute(module, name);
  } catch (const PythonException &error) {
    if (error.type() != "AttributeError")
      throw;
  }
  if (module.isNamespace() && isTriton(module.asNamespace().path)) {
    // `from triton.language.extra import libdevice`: Python imports the submodule.
    std::string submodule = module.asNamespace().path + "." + name;
    if (tritonModuleExists(submodule) || library().isKnownNamespace(submodule))
      return Value::nameSpace(submodule);
  }
  if (isObjectOf(module, Object::Type::Module)) {
    // A submodule of a package; else the name is missing, as Python says.
    try {
      return level > 0 ? importRelative(scope, level, joinPath(moduleName, name))
                       : importAbsolute(joinPath(moduleName, name));
    } catch (const PythonException &) {
      raise("ImportError", "cannot import name '" + name + "' from '" + module.asObject()->name +
                               "' (" + module.asObject()->module->fileName + ")");
    }
  }
  std::string path = module.isNamespace() ? module.asNamespace().path : moduleName;
  raise("ImportError", "cannot import name '" + name + "' from '" + path + "'" +
                           (isTriton(path) ? " (Triton 3.6 has no such name)" : ""));
}

} // namespace trex::frontend
