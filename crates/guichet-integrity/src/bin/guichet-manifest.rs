//! `guichet-manifest`: the release's tool, which signs the manifest a
//! package installs beside the program.
//!
//! ```text
//! guichet-manifest sign --program PATH --version V --out FILE [--key FILE]
//! guichet-manifest keygen --out FILE
//! ```
//!
//! `sign` writes the manifest of the program at PATH, installed as
//! `usr/bin/guichet`, signed with the key in FILE — by default the test key
//! this build made (for CI and developers), which it names. `keygen` makes a
//! release key (mode 0600) and prints its public half, for the release's
//! builds to embed (`GUICHET_RELEASE_PUBLIC_KEY`). Bad arguments: one line,
//! exit 2; a file that cannot be read or written: one line, exit 1.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use ed25519_dalek::SigningKey;
use guichet_integrity::program::PROGRAM_INSTALLED_AS;
use guichet_integrity::release_key::{self, KeyOrigin};
use guichet_integrity::{Digest, Manifest, key_file};

/// The usage, said with a bad argument.
const USAGE: &str = "usage: guichet-manifest sign --program PATH --version V --out FILE [--key FILE] | keygen --out FILE";

fn main() -> ExitCode {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let result = match arguments.split_first() {
        Some((command, options)) if command == "sign" => {
            options_of(options, &["--program", "--version", "--out", "--key"])
                .and_then(|options| sign(&options))
        }
        Some((command, options)) if command == "keygen" => {
            options_of(options, &["--out"]).and_then(|options| keygen(&options))
        }
        _ => Err(Failure::Usage(USAGE.to_owned())),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(line)) => {
            eprintln!("guichet-manifest: {line}");
            ExitCode::from(2)
        }
        Err(Failure::Io(line)) => {
            eprintln!("guichet-manifest: {line}");
            ExitCode::from(1)
        }
    }
}

/// Why the tool stops.
enum Failure {
    /// Bad arguments (exit 2).
    Usage(String),
    /// A file (exit 1).
    Io(String),
}

/// The options given, each one of `known`, each once with a value.
fn options_of<'a>(
    arguments: &'a [String],
    known: &[&'a str],
) -> Result<Vec<(&'a str, &'a str)>, Failure> {
    let mut options: Vec<(&str, &str)> = Vec::new();
    let mut rest = arguments.iter();
    while let Some(name) = rest.next() {
        let Some(&name) = known.iter().find(|known| **known == name) else {
            return Err(Failure::Usage(format!("unknown argument {name}; {USAGE}")));
        };
        let value = rest
            .next()
            .ok_or_else(|| Failure::Usage(format!("{name} needs a value")))?;
        if options.iter().any(|(given, _)| *given == name) {
            return Err(Failure::Usage(format!("{name} is given twice")));
        }
        options.push((name, value));
    }
    Ok(options)
}

/// The value of `name`, required.
fn required<'a>(options: &[(&str, &'a str)], name: &str) -> Result<&'a str, Failure> {
    options
        .iter()
        .find(|(given, _)| *given == name)
        .map(|(_, value)| *value)
        .ok_or_else(|| Failure::Usage(format!("{name} is required; {USAGE}")))
}

/// Signs the manifest of `--program`.
fn sign(options: &[(&str, &str)]) -> Result<(), Failure> {
    let program = Path::new(required(options, "--program")?);
    let version = required(options, "--version")?;
    let out = Path::new(required(options, "--out")?);
    let key_path = match (
        options.iter().find(|(name, _)| *name == "--key"),
        release_key::ORIGIN,
    ) {
        (Some((_, path)), _) => PathBuf::from(path),
        (None, KeyOrigin::Test { file }) => {
            eprintln!(
                "guichet-manifest: signing with the build's TEST key {file} (not a release's)"
            );
            PathBuf::from(file)
        }
        (None, KeyOrigin::Release) => {
            return Err(Failure::Usage(
                "this build trusts a release key: give its private half with --key FILE".to_owned(),
            ));
        }
    };
    let text = std::fs::read_to_string(&key_path)
        .map_err(|error| Failure::Io(format!("{}: {error}", key_path.display())))?;
    let key = key_file::parse(&text)
        .map(|seed| SigningKey::from_bytes(&seed))
        .ok_or_else(|| Failure::Io(format!("{}: not a release key file", key_path.display())))?;
    if key.verifying_key() != release_key::trusted() {
        eprintln!(
            "guichet-manifest: warning: {} is not the key this build trusts ({}): its programs will refuse this manifest",
            key_path.display(),
            release_key::fingerprint()
        );
    }
    let digest = Digest::of_file(program)
        .map_err(|error| Failure::Io(format!("{}: {error}", program.display())))?;
    let manifest = Manifest {
        version: version.to_owned(),
        program: PROGRAM_INSTALLED_AS.to_owned(),
        digest,
    };
    std::fs::write(out, manifest.signed(&key))
        .map_err(|error| Failure::Io(format!("{}: {error}", out.display())))?;
    println!(
        "{digest}  {PROGRAM_INSTALLED_AS} (version {version}) -> {}",
        out.display()
    );
    Ok(())
}

/// Makes a release key.
fn keygen(options: &[(&str, &str)]) -> Result<(), Failure> {
    let out = Path::new(required(options, "--out")?);
    let mut seed = [0_u8; 32];
    getrandom::fill(&mut seed).map_err(|error| Failure::Io(format!("no random bytes: {error}")))?;
    let mut file_options = std::fs::OpenOptions::new();
    file_options.write(true).create_new(true);
    std::os::unix::fs::OpenOptionsExt::mode(&mut file_options, 0o600);
    file_options
        .open(out)
        .and_then(|mut file| file.write_all(key_file::text(&seed).as_bytes()))
        .map_err(|error| Failure::Io(format!("{}: {error}", out.display())))?;
    let public = SigningKey::from_bytes(&seed).verifying_key();
    println!(
        "GUICHET_RELEASE_PUBLIC_KEY={}",
        hex::encode(public.as_bytes())
    );
    Ok(())
}
