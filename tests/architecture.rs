//! The workspace's architecture, as ARCHITECTURE.md states it: each crate
//! imports only the crates below it, no module imports an item of a module
//! above it (its parent, the crate's root), and no modules import each other
//! in a circle. Read from the sources and the manifests themselves.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The workspace's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The crates: their folders, and the crates each may not depend on.
const CRATES: [(&str, &[&str]); 10] = [
    (
        "crates/guichet-core",
        &[
            "guichet-sale",
            "guichet-sqlite",
            "guichet-network",
            "guichet-kiosk",
            "guichet-cli",
            "egui",
            "eframe",
            "rusqlite",
            "postgres",
        ],
    ),
    (
        "crates/guichet-sale",
        &[
            "guichet-sqlite",
            "guichet-network",
            "guichet-kiosk",
            "guichet-cli",
            "egui",
            "eframe",
            "rusqlite",
            "postgres",
        ],
    ),
    (
        "crates/guichet-sqlite",
        &[
            "guichet-network",
            "guichet-kiosk",
            "guichet-cli",
            "egui",
            "eframe",
            "postgres",
        ],
    ),
    (
        "crates/guichet-network",
        &[
            "guichet-sqlite",
            "guichet-kiosk",
            "guichet-cli",
            "egui",
            "eframe",
            "rusqlite",
        ],
    ),
    (
        "crates/guichet-alsa",
        &[
            "guichet-core",
            "guichet-sale",
            "guichet-sqlite",
            "guichet-network",
            "guichet-kiosk",
            "guichet-cli",
            "egui",
            "eframe",
            "rusqlite",
            "postgres",
        ],
    ),
    (
        "crates/guichet-integrity",
        &[
            "guichet-alsa",
            "guichet-core",
            "guichet-sale",
            "guichet-sqlite",
            "guichet-network",
            "guichet-kiosk",
            "guichet-cli",
            "egui",
            "eframe",
            "rusqlite",
            "postgres",
        ],
    ),
    ("crates/guichet-kiosk", &["guichet-cli", "clap"]),
    ("crates/guichet-cli", &["guichet-kiosk", "egui", "eframe"]),
    ("crates/guichet-load", &["guichet-kiosk", "egui", "eframe"]),
    (".", &[]),
];

/// The names in a manifest's `[dependencies]` section.
fn dependencies(manifest: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(manifest).expect("a manifest");
    let mut inside = false;
    let mut names = BTreeSet::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[dependencies]";
            continue;
        }
        if inside && let Some((name, _)) = line.split_once(['=', '.']) {
            let name = name.trim();
            if !name.is_empty() && !name.starts_with('#') {
                names.insert(name.to_owned());
            }
        }
    }
    names
}

#[test]
fn each_crate_depends_only_on_what_is_below_it() {
    for (folder, forbidden) in CRATES {
        let found = dependencies(&root().join(folder).join("Cargo.toml"));
        for name in forbidden {
            assert!(!found.contains(*name), "{folder} depends on {name}");
        }
    }
}

#[test]
fn each_crate_says_what_it_is_for_and_what_it_may_not_import() {
    for (folder, _) in CRATES {
        let source = root().join(folder).join("src");
        let top = ["lib.rs", "main.rs"]
            .into_iter()
            .map(|file| source.join(file))
            .find(|path| path.exists())
            .expect("a lib.rs or main.rs");
        let text = std::fs::read_to_string(&top).expect("the crate's root");
        let docs: String = text
            .lines()
            .take_while(|line| line.starts_with("//!"))
            .collect();
        assert!(!docs.is_empty(), "{}: no doc", top.display());
        assert!(
            docs.contains("import") || folder == ".",
            "{}: says nothing of what it may import",
            top.display()
        );
    }
}

/// A module, by its path in its crate (`ui::games::table`; the root is empty).
type Module = Vec<String>;

/// Every module file of the crate whose sources are at `source`.
fn modules(source: &Path) -> BTreeMap<Module, PathBuf> {
    let mut found = BTreeMap::new();
    let mut folders = vec![source.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                folders.push(path);
                continue;
            }
            if path.extension().is_none_or(|extension| extension != "rs") {
                continue;
            }
            let relative = path.strip_prefix(source).expect("under the sources");
            let mut module: Module = relative
                .with_extension("")
                .components()
                .map(|part| part.as_os_str().to_string_lossy().into_owned())
                .collect();
            if module.last().is_some_and(|last| last == "mod") {
                module.pop();
            }
            if module == ["lib"] || module == ["main"] {
                module.clear();
            }
            found.insert(module, path);
        }
    }
    found
}

/// The code of a file without its comments, its string literals' contents
/// (an error's words, "cannot use {}", are not a `use`) and its unit tests.
fn code_of(text: &str) -> String {
    let code = code_and_tests_of(text);
    match code.find("#[cfg(test)]") {
        Some(at) => code[..at].to_owned(),
        None => code,
    }
}

/// The code of a file, its unit tests included, without its comments and
/// its string literals' contents.
fn code_and_tests_of(text: &str) -> String {
    let without_comments: String = text
        .lines()
        .map(|line| line.find("//").map_or(line, |at| &line[..at]))
        .collect::<Vec<_>>()
        .join("\n");
    without_strings(&without_comments)
}

/// `code` with every `"…"` emptied (escapes followed; a `'"'` character is
/// not a string's start).
fn without_strings(code: &str) -> String {
    let mut kept = String::with_capacity(code.len());
    let mut characters = code.chars().peekable();
    let mut in_string = false;
    let mut previous = ' ';
    while let Some(character) = characters.next() {
        if in_string {
            match character {
                '\\' => {
                    characters.next();
                }
                '"' => {
                    in_string = false;
                    kept.push('"');
                }
                _ => {}
            }
            continue;
        }
        if character == '"' && !(previous == '\'' && characters.peek() == Some(&'\'')) {
            in_string = true;
        }
        kept.push(character);
        previous = character;
    }
    kept
}

/// Every path a file names from `crate`, `super` or `self`: in its `use`
/// trees (expanded) and inline.
fn named_paths(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().last();
        rest = &rest[at + 4..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let Some(end) = rest.find(';') else { break };
        // One space between words, none elsewhere: `a::{b as c, d}`.
        let words: Vec<&str> = rest[..end].split_whitespace().collect();
        let tree = words
            .join(" ")
            .replace(" :: ", "::")
            .replace(":: ", "::")
            .replace(" ::", "::")
            .replace("{ ", "{")
            .replace(" }", "}")
            .replace(", ", ",")
            .replace(" ,", ",");
        expand(&[], &tree, &mut paths);
        rest = &rest[end..];
    }
    let bytes = code.as_bytes();
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(found) = code[from..].find(start) {
            let at = from + found;
            from = at + start.len();
            let before = at.checked_sub(1).map(|index| bytes[index] as char);
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let path: String = code[at..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            paths.push(
                path.split("::")
                    .filter(|part| !part.is_empty())
                    .map(str::to_owned)
                    .collect(),
            );
        }
    }
    paths
}

/// The paths of a `use` tree, `prefix` first.
fn expand(prefix: &[String], tree: &str, into: &mut Vec<Vec<String>>) {
    let Some(open) = tree.find('{') else {
        let tree = tree.split(" as ").next().unwrap_or(tree).trim();
        let mut path = prefix.to_vec();
        path.extend(
            tree.split("::")
                .filter(|part| !part.is_empty())
                .map(str::to_owned),
        );
        into.push(path);
        return;
    };
    let mut head = prefix.to_vec();
    head.extend(
        tree[..open]
            .split("::")
            .filter(|part| !part.is_empty())
            .map(str::to_owned),
    );
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut depth, mut start) = (0, 0);
    for (index, character) in inner.char_indices() {
        match character {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                expand(&head, &inner[start..index], into);
                start = index + 1;
            }
            _ => {}
        }
    }
    if start < inner.len() {
        expand(&head, &inner[start..], into);
    }
}

/// The module a path named in `here` reaches: the deepest module file on it.
fn resolve(path: &[String], here: &Module, modules: &BTreeMap<Module, PathBuf>) -> Option<Module> {
    let (mut base, mut rest): (Module, &[String]) = match path.first().map(String::as_str) {
        Some("crate") => (Vec::new(), &path[1..]),
        Some("super" | "self") => (here.clone(), path),
        _ => return None,
    };
    while let Some(first) = rest.first() {
        match first.as_str() {
            "super" => {
                base.pop();
            }
            "self" => {}
            _ => break,
        }
        rest = &rest[1..];
    }
    let mut best = modules.contains_key(&base).then(|| base.clone());
    for part in rest {
        base.push(part.clone());
        if modules.contains_key(&base) {
            best = Some(base.clone());
        } else {
            break;
        }
    }
    best
}

/// The modules of a crate and what each imports from the others.
fn import_graph(source: &Path) -> BTreeMap<Module, BTreeSet<Module>> {
    let modules = modules(source);
    modules
        .iter()
        .map(|(module, file)| {
            let code = code_of(&std::fs::read_to_string(file).expect("a source file"));
            let targets = named_paths(&code)
                .iter()
                .filter_map(|path| resolve(path, module, &modules))
                .filter(|target| target != module)
                .collect();
            (module.clone(), targets)
        })
        .collect()
}

/// Whether `upper` is an ancestor of `module`.
fn is_above(upper: &Module, module: &Module) -> bool {
    upper.len() < module.len() && module.starts_with(upper)
}

fn name(module: &Module) -> String {
    if module.is_empty() {
        "the crate's root".to_owned()
    } else {
        module.join("::")
    }
}

#[test]
fn no_module_imports_from_above_it() {
    let mut found = Vec::new();
    for (folder, _) in CRATES {
        for (module, targets) in import_graph(&root().join(folder).join("src")) {
            for target in targets.iter().filter(|target| is_above(target, &module)) {
                found.push(format!(
                    "{folder}: {} imports from {}",
                    name(&module),
                    name(target)
                ));
            }
        }
    }
    assert!(found.is_empty(), "imports running back up: {found:#?}");
}

#[test]
fn no_modules_import_each_other_in_a_circle() {
    let mut circles = Vec::new();
    for (folder, _) in CRATES {
        let graph = import_graph(&root().join(folder).join("src"));
        for start in graph.keys() {
            // A walk along the imports that comes back to where it began.
            let mut stack = vec![(start.clone(), vec![start.clone()])];
            let mut seen = BTreeSet::new();
            while let Some((module, trail)) = stack.pop() {
                for next in &graph[&module] {
                    if next == start {
                        let mut names: Vec<String> = trail.iter().map(name).collect();
                        names.sort();
                        circles.push(format!("{folder}: {}", names.join(" ↔ ")));
                    } else if !is_above(next, &module) && seen.insert(next.clone()) {
                        let mut longer = trail.clone();
                        longer.push(next.clone());
                        stack.push((next.clone(), longer));
                    }
                }
            }
        }
    }
    circles.sort();
    circles.dedup();
    assert!(circles.is_empty(), "import circles: {circles:#?}");
}

#[test]
fn the_checks_see_an_import_running_back_up_and_a_circle() {
    let paths =
        named_paths("use crate::{store::Store, ui::{theme::palette, self}};\nlet x = super::y::Z;");
    assert!(paths.contains(&vec!["crate".into(), "store".into(), "Store".into()]));
    assert!(paths.contains(&vec![
        "crate".into(),
        "ui".into(),
        "theme".into(),
        "palette".into()
    ]));
    assert!(paths.contains(&vec!["super".into(), "y".into(), "Z".into()]));
    let modules: BTreeMap<Module, PathBuf> = [
        vec![],
        vec!["a".to_owned()],
        vec!["a".to_owned(), "b".to_owned()],
    ]
    .into_iter()
    .map(|module| (module, PathBuf::new()))
    .collect();
    let here = vec!["a".to_owned(), "b".to_owned()];
    let up = resolve(&["super".to_owned(), "Thing".to_owned()], &here, &modules).expect("a module");
    assert!(
        is_above(&up, &here),
        "a child naming its parent's item runs back up"
    );
}

/// Folders whose code may not name a crate: the kiosk's views draw the sale
/// API's models (`guichet-sale`), never an engine's rows, so that a view
/// shows the same on either engine.
const NOT_NAMED: [(&str, &str); 1] = [("crates/guichet-kiosk/src/ui", "guichet_sqlite")];

/// Whether `code` names the crate `name` (as a whole word, not a longer one's
/// part).
fn names_crate(code: &str, name: &str) -> bool {
    code.match_indices(name).any(|(at, _)| {
        let before = code[..at].chars().last();
        let after = code[at + name.len()..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !word(before) && !word(after)
    })
}

#[test]
fn the_views_name_no_engine() {
    let mut found = Vec::new();
    for (folder, name) in NOT_NAMED {
        for file in modules(&root().join(folder)).into_values() {
            let code = code_and_tests_of(&std::fs::read_to_string(&file).expect("a source file"));
            if names_crate(&code, name) {
                found.push(format!("{} names {name}", file.display()));
            }
        }
    }
    assert!(found.is_empty(), "views naming an engine: {found:#?}");
}

#[test]
fn the_check_sees_a_crate_named_in_code_not_in_words() {
    let named = |text: &str| names_crate(&code_and_tests_of(text), "guichet_sqlite");
    assert!(named("use guichet_sqlite::Store;"));
    assert!(named("fn f(store: &guichet_sqlite::Store) {}"));
    assert!(named(
        "#[cfg(test)]\nmod tests { use guichet_sqlite::Store; }"
    ));
    assert!(!named("/// Read by guichet_sqlite.\nfn f() {}"));
    assert!(!named("let text = \"guichet_sqlite\";"));
    assert!(!named("use guichet_sqlite_tools::Store;"));
}
