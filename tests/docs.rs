//! The docs cannot go stale where a test can read them: every file the
//! architecture page, the README and `docs/` name exists where they say,
//! and no source file outgrows the size the code style sets.

use std::fs;
use std::path::{Path, PathBuf};

/// The workspace's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The longest a source file may be (`docs/CODE_STYLE.md`), tests apart.
const MOST_LINES: usize = 600;

/// The endings of the names a doc may give for a file of the repository.
const FILE_ENDINGS: [&str; 9] = [
    ".rs", ".py", ".sh", ".md", ".txt", ".sql", ".ftl", ".toml", ".json",
];

/// Every file under `folder`, recursively, but build output and git's.
fn files_under(folder: &Path, into: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if name == "target" || name == ".git" {
            continue;
        }
        if path.is_dir() {
            files_under(&path, into);
        } else {
            into.push(path);
        }
    }
}

/// The names in backquotes of `text` that look like a file's: a name with
/// one of the endings, no placeholder (`<game>.rs`), no ellipsis, no space.
fn named_files(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|name| FILE_ENDINGS.iter().any(|ending| name.ends_with(ending)))
        .filter(|name| {
            !name.contains(['<', '>', '…', ' ', '*', '$', '{'])
                && !name.starts_with('/')
                && !name.starts_with("..")
        })
        .map(str::to_owned)
        .collect()
}

/// The folders a heading of the architecture page is about: those named in
/// its backquotes (`### `crates/guichet-core` — the domain`).
fn folders_of(heading: &str) -> Vec<PathBuf> {
    heading
        .split('`')
        .skip(1)
        .step_by(2)
        .map(|folder| root().join(folder.trim_end_matches('/')))
        .filter(|folder| folder.is_dir())
        .collect()
}

/// Whether `name` is a file in one of `folders` (at it, under its `src/`,
/// or as the end of a path under it), or at the workspace's root.
fn exists(name: &str, folders: &[PathBuf], everything: &[PathBuf]) -> bool {
    if root().join(name).is_file() {
        return true;
    }
    let suffix = format!("/{name}");
    folders.iter().any(|folder| {
        folder.join(name).is_file()
            || folder.join("src").join(name).is_file()
            || everything
                .iter()
                .any(|file| file.starts_with(folder) && file.to_string_lossy().ends_with(&suffix))
    })
}

/// The files a doc names that are not where it says, as `doc: name`.
fn missing_in(doc: &Path, everything: &[PathBuf]) -> Vec<String> {
    let text = fs::read_to_string(doc).unwrap_or_else(|error| panic!("{}: {error}", doc.display()));
    let shown = doc
        .strip_prefix(root())
        .unwrap_or(doc)
        .display()
        .to_string();
    let mut folders = vec![root()];
    let mut missing = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') {
            folders = folders_of(line);
            folders.push(root());
        }
        for name in named_files(line) {
            if !exists(&name, &folders, everything) {
                missing.push(format!("{shown}: {name}"));
            }
        }
    }
    missing
}

#[test]
fn every_file_the_docs_name_exists() {
    let mut everything = Vec::new();
    files_under(&root(), &mut everything);
    let mut docs = vec![root().join("ARCHITECTURE.md"), root().join("README.md")];
    files_under(&root().join("docs"), &mut docs);
    let missing: Vec<String> = docs
        .iter()
        .filter(|doc| doc.extension().is_some_and(|ending| ending == "md"))
        .flat_map(|doc| missing_in(doc, &everything))
        .collect();
    assert!(
        missing.is_empty(),
        "named by the docs, not found:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_check_sees_a_file_that_is_not_there() {
    let mut everything = Vec::new();
    files_under(&root(), &mut everything);
    let core = vec![root().join("crates/guichet-core"), root()];
    assert!(exists("money.rs", &core, &everything));
    assert!(exists("tests/registry.rs", &core, &everything));
    assert!(!exists("moneys.rs", &core, &everything));
    assert_eq!(named_files("a `x.rs`, `<game>.rs` and `y`"), ["x.rs"]);
}

#[test]
fn no_source_file_is_longer_than_the_style_allows() {
    let mut everything = Vec::new();
    files_under(&root().join("crates"), &mut everything);
    files_under(&root().join("src"), &mut everything);
    let too_long: Vec<String> = everything
        .iter()
        .filter(|file| file.extension().is_some_and(|ending| ending == "rs"))
        .filter(|file| {
            let inside = file.strip_prefix(root()).unwrap_or(file);
            inside.components().any(|part| part.as_os_str() == "src")
                && !inside.components().any(|part| part.as_os_str() == "tests")
        })
        .filter_map(|file| {
            let lines = fs::read_to_string(file).ok()?.lines().count();
            let inside = file
                .strip_prefix(root())
                .ok()?
                .to_string_lossy()
                .into_owned();
            (lines > MOST_LINES).then(|| format!("{inside} ({lines} lines)"))
        })
        .collect();
    assert!(
        too_long.is_empty(),
        "over {MOST_LINES} lines:\n{}",
        too_long.join("\n")
    );
}

/// The invariants of the architecture page's code map: its bullets that
/// begin in bold, up to the recipes ("## Adding …"), each as one text.
fn invariants(page: &str) -> Vec<String> {
    let map = page.split("\n## Adding").next().unwrap_or(page);
    let mut found: Vec<String> = Vec::new();
    let mut inside = false;
    for line in map.lines() {
        if line.starts_with("- **") {
            found.push(line.to_owned());
            inside = true;
        } else if inside && line.starts_with("  ") {
            if let Some(last) = found.last_mut() {
                last.push(' ');
                last.push_str(line.trim());
            }
        } else {
            inside = false;
        }
    }
    found
}

/// Whether `invariant` names what holds it: a test file of the repository
/// (a `.rs` under a `tests/` folder, or a script the CI runs), in backquotes.
fn names_its_test(invariant: &str, tests: &[String]) -> bool {
    invariant.split('`').skip(1).step_by(2).any(|name| {
        let file = name.rsplit('/').next().unwrap_or(name);
        name == ".ci/run" || tests.iter().any(|test| test == file)
    })
}

#[test]
fn every_invariant_names_the_test_that_holds_it() {
    let mut everything = Vec::new();
    files_under(&root(), &mut everything);
    let tests: Vec<String> = everything
        .iter()
        .filter(|file| {
            let inside = file.strip_prefix(root()).unwrap_or(file);
            inside.components().any(|part| part.as_os_str() == "tests")
                && file.extension().is_some_and(|ending| ending == "rs")
        })
        .filter_map(|file| Some(file.file_name()?.to_string_lossy().into_owned()))
        .collect();
    let page = fs::read_to_string(root().join("ARCHITECTURE.md")).expect("the architecture page");
    let found = invariants(&page);
    assert!(
        found.len() > 20,
        "the invariants are found: {}",
        found.len()
    );
    let unheld: Vec<&String> = found
        .iter()
        .filter(|invariant| !names_its_test(invariant, &tests))
        .collect();
    assert!(
        unheld.is_empty(),
        "invariants naming no test that holds them:\n{unheld:#?}"
    );
    assert!(!names_its_test("- **A claim** held by nothing", &tests));
    assert!(names_its_test("- **A claim** — `tests/docs.rs`", &tests));
}
