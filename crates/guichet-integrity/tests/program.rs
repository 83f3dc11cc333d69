//! A program checked against its manifest in an installed root, as a
//! package lays them out: every way a program or its manifest can be
//! wrong is refused, and a build from source without one is a development
//! build.

use std::path::{Path, PathBuf};
use std::process::Command;

use ed25519_dalek::SigningKey;
use guichet_integrity::{Digest, Manifest, ManifestError, Program, Refusal, Trust, Verdict};

/// A root with `usr/bin/guichet` holding `bytes`.
fn installed(bytes: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let root = tempfile::tempdir().unwrap();
    let program = root.path().join("usr/bin/guichet");
    std::fs::create_dir_all(program.parent().unwrap()).unwrap();
    std::fs::write(&program, bytes).unwrap();
    std::fs::create_dir_all(root.path().join("usr/lib/guichet")).unwrap();
    (root, program)
}

fn manifest_path(root: &Path) -> PathBuf {
    root.join("usr/lib/guichet/guichet.manifest")
}

fn release_key() -> SigningKey {
    SigningKey::from_bytes(&[42; 32])
}

fn trust(required: bool) -> Trust {
    Trust {
        key: release_key().verifying_key(),
        manifest_required: required,
        version: "1.2.3".to_owned(),
    }
}

/// Writes the manifest of `program` for `version`, signed with `key`.
fn sign(root: &Path, program: &Path, version: &str, key: &SigningKey) {
    let manifest = Manifest {
        version: version.to_owned(),
        program: "usr/bin/guichet".to_owned(),
        digest: Digest::of_file(program).unwrap(),
    };
    std::fs::write(manifest_path(root), manifest.signed(key)).unwrap();
}

const PROGRAM: &[u8] = b"\x7fELF the kiosk's program, as built";

#[test]
fn the_installed_program_is_verified() {
    let (root, program) = installed(PROGRAM);
    sign(root.path(), &program, "1.2.3", &release_key());
    let verdict = Program::at(&program).check(&trust(true));
    assert_eq!(
        verdict,
        Verdict::Verified {
            digest: Digest::of_file(&program).unwrap()
        }
    );
}

#[test]
fn a_program_changed_by_one_byte_is_refused() {
    let (root, program) = installed(PROGRAM);
    sign(root.path(), &program, "1.2.3", &release_key());
    for at in [0, PROGRAM.len() / 2, PROGRAM.len() - 1] {
        let mut bytes = PROGRAM.to_vec();
        bytes[at] ^= 0x20;
        std::fs::write(&program, &bytes).unwrap();
        let verdict = Program::at(&program).check(&trust(true));
        assert!(
            matches!(verdict, Verdict::Refused(Refusal::Mismatch { .. })),
            "byte {at}: {verdict:?}"
        );
    }
    // Longer by a byte, or cut by one.
    for bytes in [
        [PROGRAM, b"\0"].concat(),
        PROGRAM[..PROGRAM.len() - 1].to_vec(),
    ] {
        std::fs::write(&program, bytes).unwrap();
        assert!(matches!(
            Program::at(&program).check(&trust(true)),
            Verdict::Refused(Refusal::Mismatch { .. })
        ));
    }
}

#[test]
fn without_a_manifest_a_packaged_build_is_refused_and_a_source_build_is_development() {
    let (_root, program) = installed(PROGRAM);
    assert!(matches!(
        Program::at(&program).check(&trust(true)),
        Verdict::Refused(Refusal::NoManifest(_))
    ));
    assert_eq!(
        Program::at(&program).check(&trust(false)),
        Verdict::Development
    );
}

#[test]
fn a_manifest_present_is_checked_even_for_a_source_build() {
    // Deleting nothing and changing the program: a manifest that is there
    // is always held to, whatever the build.
    let (root, program) = installed(PROGRAM);
    sign(root.path(), &program, "1.2.3", &release_key());
    std::fs::write(&program, b"another program").unwrap();
    assert!(matches!(
        Program::at(&program).check(&trust(false)),
        Verdict::Refused(Refusal::Mismatch { .. })
    ));
}

#[test]
fn a_manifest_signed_by_another_key_or_changed_is_refused() {
    let (root, program) = installed(PROGRAM);
    // The attacker's own key, over their own program.
    std::fs::write(&program, b"the attacker's program").unwrap();
    sign(
        root.path(),
        &program,
        "1.2.3",
        &SigningKey::from_bytes(&[7; 32]),
    );
    assert!(matches!(
        Program::at(&program).check(&trust(true)),
        Verdict::Refused(Refusal::Manifest {
            error: ManifestError::OtherKey(_),
            ..
        })
    ));
    // The release's manifest, its digest rewritten to the attacker's program.
    std::fs::write(&program, PROGRAM).unwrap();
    sign(root.path(), &program, "1.2.3", &release_key());
    let text = std::fs::read_to_string(manifest_path(root.path())).unwrap();
    let genuine = Digest::of_file(&program).unwrap().to_string();
    std::fs::write(&program, b"the attacker's program").unwrap();
    let forged = text.replace(&genuine, &Digest::of_file(&program).unwrap().to_string());
    assert_ne!(forged, text);
    std::fs::write(manifest_path(root.path()), forged).unwrap();
    assert!(matches!(
        Program::at(&program).check(&trust(true)),
        Verdict::Refused(Refusal::Manifest {
            error: ManifestError::BadSignature,
            ..
        })
    ));
    // Not a manifest at all; or a folder where it should be.
    std::fs::write(manifest_path(root.path()), "hello\n").unwrap();
    assert!(matches!(
        Program::at(&program).check(&trust(true)),
        Verdict::Refused(Refusal::Manifest {
            error: ManifestError::Malformed(_),
            ..
        })
    ));
    std::fs::remove_file(manifest_path(root.path())).unwrap();
    std::fs::create_dir(manifest_path(root.path())).unwrap();
    assert!(matches!(
        Program::at(&program).check(&trust(true)),
        Verdict::Refused(Refusal::ManifestUnreadable { .. })
    ));
}

#[test]
fn another_versions_manifest_is_refused() {
    // An older release's program and manifest are both genuine, but the
    // manifest must name the version running.
    let (root, program) = installed(PROGRAM);
    sign(root.path(), &program, "1.2.2", &release_key());
    assert!(matches!(
        Program::at(&program).check(&trust(true)),
        Verdict::Refused(Refusal::OtherVersion { .. })
    ));
}

#[test]
fn the_running_program_is_read_through_proc_self_exe() {
    let running = Program::running().unwrap();
    assert!(running.location().is_absolute());
    assert_eq!(
        running.digest().unwrap(),
        Digest::of_file(&std::env::current_exe().unwrap()).unwrap()
    );
}

#[test]
fn the_release_tool_signs_what_the_check_accepts() {
    let tool = env!("CARGO_BIN_EXE_guichet-manifest");
    let (root, program) = installed(PROGRAM);
    let key = root.path().join("release.key");
    let made = Command::new(tool)
        .args(["keygen", "--out"])
        .arg(&key)
        .output()
        .unwrap();
    assert!(made.status.success(), "{made:?}");
    let public = String::from_utf8(made.stdout).unwrap();
    let public = public
        .trim()
        .strip_prefix("GUICHET_RELEASE_PUBLIC_KEY=")
        .unwrap();
    assert_eq!(
        std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(&key).unwrap().permissions())
            & 0o777,
        0o600
    );
    let signed = Command::new(tool)
        .args(["sign", "--program"])
        .arg(&program)
        .args(["--version", "1.2.3", "--key"])
        .arg(&key)
        .arg("--out")
        .arg(manifest_path(root.path()))
        .output()
        .unwrap();
    assert!(signed.status.success(), "{signed:?}");
    let key_bytes: [u8; 32] = hex::decode(public).unwrap().try_into().unwrap();
    let trust = Trust {
        key: ed25519_dalek::VerifyingKey::from_bytes(&key_bytes).unwrap(),
        manifest_required: true,
        version: "1.2.3".to_owned(),
    };
    assert!(matches!(
        Program::at(&program).check(&trust),
        Verdict::Verified { .. }
    ));
    // A key is never overwritten; bad arguments are one line and exit 2.
    let again = Command::new(tool)
        .args(["keygen", "--out"])
        .arg(&key)
        .output()
        .unwrap();
    assert_eq!(again.status.code(), Some(1));
    for bad in [&["sign"][..], &["sign", "--program"], &["frobnicate"], &[]] {
        let refused = Command::new(tool).args(bad).output().unwrap();
        assert_eq!(refused.status.code(), Some(2), "{bad:?}");
        assert_eq!(
            String::from_utf8(refused.stderr).unwrap().lines().count(),
            1
        );
    }
}
