//! The kiosk's own program, checked before it sells: a program its manifest
//! does not vouch for puts the kiosk out of service — "Borne hors service —
//! logiciel non vérifié", nothing to press, nothing sold whatever is sent,
//! the event in the file's log — at every start until a good program runs;
//! a verified or development build sells, and the operator menu says which.

mod common;

use common::{
    KIOSK_SIZES, kiosk_configured, layout_problems, new_database, open_operator, seeded, wait,
};
use egui::Vec2;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use guichet_core::games::blackjack::game::BLACK_JACK;
use guichet_core::money::Cents;
use guichet_integrity::{Digest, Refusal, Verdict};
use guichet_kiosk::app::{Guichet, Page};
use guichet_kiosk::command::{Command, Navigation, PlayCommand};
use guichet_sale::PointOfSale as _;
use guichet_sqlite::{EventKind, Store};

/// The page's title.
const TITLE: &str = "Borne hors service — logiciel non vérifié";

/// A program changed by one byte, as the check finds it.
fn changed() -> Verdict {
    Verdict::Refused(Refusal::Mismatch {
        expected: Digest([0x11; 32]),
        found: Digest([0x12; 32]),
    })
}

/// A kiosk over a file whose player (of age, limits set, 50 € on their
/// account) is signed in, its program judged `verdict`, at `size`.
fn kiosk(path: &std::path::Path, verdict: Verdict, size: (f32, f32)) -> Harness<'static, Guichet> {
    let mut store = seeded(3).open(path).expect("a store");
    common::signed_in(&mut store);
    common::of_age(&mut store);
    if store.balance().expect("a balance") == Cents::ZERO {
        store.deposit(Cents::euros(50)).expect("a deposit");
    }
    let mut harness = kiosk_configured(Ok(store), Vec2::new(size.0, size.1), move |kiosk| {
        kiosk.with_software(verdict)
    });
    harness.run();
    harness
}

/// Units and ledger entries in the file, read by another process.
fn written(path: &std::path::Path) -> (usize, i64) {
    let store = common::options()
        .read_only()
        .open(path)
        .expect("the file reads");
    (
        store.all_units().expect("units").len(),
        store.ledger_length().expect("ledger"),
    )
}

fn refusals_logged(path: &std::path::Path) -> usize {
    let store: Store = common::options()
        .read_only()
        .open(path)
        .expect("the file reads");
    store
        .events(100)
        .expect("events")
        .iter()
        .filter(|event| {
            event.kind == EventKind::Error && event.detail.starts_with("program not verified")
        })
        .count()
}

#[test]
fn a_refused_program_sells_nothing_whatever_is_sent_and_logs_it() {
    let (_folder, path) = new_database();
    let before = {
        // The file as a good program left it.
        drop(kiosk(&path, Verdict::Development, (1280.0, 800.0)));
        written(&path)
    };
    let mut harness = kiosk(&path, changed(), (1280.0, 800.0));
    assert!(matches!(harness.state().page(), Page::OutOfService(_)));
    harness.get_by_label(TITLE);
    assert!(harness.state().store().is_none(), "the engines are let go");
    // Nothing on the screen to press, and no bar (no balance, no sign-in).
    assert!(harness.query_by_label("Se connecter").is_none());
    assert!(harness.query_by_label("Se déconnecter").is_none());
    // Everything a screen could send, and the operator's key, change nothing.
    for command in [
        Command::Go(Navigation::Lobby),
        Command::Go(Navigation::Game(&BLACK_JACK)),
        Command::Play(PlayCommand::Buy {
            emission: &BLACK_JACK,
            auto: true,
        }),
        Command::Go(Navigation::Operator),
        Command::Go(Navigation::History),
    ] {
        let sent = format!("{command:?}");
        harness.state_mut().handle(command);
        harness.run();
        assert!(
            matches!(harness.state().page(), Page::OutOfService(_)),
            "{sent}"
        );
    }
    harness.key_press(egui::Key::F12);
    harness.run();
    assert!(matches!(harness.state().page(), Page::OutOfService(_)));
    // Left alone for ten minutes: no attract loop, no lobby.
    for _ in 0..10 {
        wait(&mut harness, 60.0);
    }
    assert!(matches!(harness.state().page(), Page::OutOfService(_)));
    assert!(!harness.state().attracting());
    drop(harness);
    assert_eq!(written(&path), before, "nothing sold, no money moved");
    assert_eq!(
        refusals_logged(&path),
        1,
        "the refusal is in the file's log"
    );
}

#[test]
fn every_start_of_a_refused_program_is_out_of_service_until_a_good_one_runs() {
    let (_folder, path) = new_database();
    for start in 1..=3 {
        let harness = kiosk(&path, changed(), (1280.0, 800.0));
        assert!(matches!(harness.state().page(), Page::OutOfService(_)));
        drop(harness);
        assert_eq!(refusals_logged(&path), start);
    }
    // Each way a program is refused has its words.
    for (refusal, words) in [
        (
            Refusal::NoManifest("/usr/lib/guichet/guichet.manifest".into()),
            "n’a pas son manifeste signé",
        ),
        (
            Refusal::Manifest {
                path: "/usr/lib/guichet/guichet.manifest".into(),
                error: guichet_integrity::ManifestError::BadSignature,
            },
            "n’est pas signé par la clé",
        ),
        (
            Refusal::OtherVersion {
                listed: "0.0.9".to_owned(),
                running: "0.1.0".to_owned(),
            },
            "d’une autre version",
        ),
    ] {
        let harness = kiosk(&path, Verdict::Refused(refusal), (1280.0, 800.0));
        assert!(
            harness.query_by_label_contains(words).is_some(),
            "{words} on the page"
        );
    }
    // The good program installed: the kiosk sells again.
    let mut harness = kiosk(&path, Verdict::Development, (1280.0, 800.0));
    assert!(matches!(harness.state().page(), Page::Lobby(_)));
    let units = written(&path).0;
    harness
        .state_mut()
        .handle(Command::Go(Navigation::Game(&BLACK_JACK)));
    harness.state_mut().handle(Command::Play(PlayCommand::Buy {
        emission: &BLACK_JACK,
        auto: false,
    }));
    harness.run();
    drop(harness);
    assert_eq!(written(&path).0, units + 1, "a good program sells");
}

#[test]
fn the_page_fits_every_kiosk() {
    let mut snapshots = egui_kittest::SnapshotResults::new();
    for size in KIOSK_SIZES {
        let (_folder, path) = new_database();
        let mut harness = kiosk(&path, changed(), size);
        let problems = layout_problems(&harness);
        assert!(problems.is_empty(), "{size:?}: {problems:?}");
        if [(1024.0, 768.0), (1280.0, 800.0), (1080.0, 1920.0)].contains(&size) {
            harness.snapshot(format!(
                "out_of_service/changed_{}x{}",
                size.0 as u32, size.1 as u32
            ));
        }
        snapshots.extend_harness(&mut harness);
    }
}

#[test]
fn the_operator_menu_says_whether_the_program_is_verified() {
    let (_folder, path) = new_database();
    let mut harness = kiosk(&path, Verdict::Development, (1280.0, 800.0));
    open_operator(&mut harness, "2468");
    harness.get_by_label("Logiciel non vérifié (build de développement)");
    drop(harness);
    let mut harness = kiosk(
        &path,
        Verdict::Verified {
            digest: Digest([0xab; 32]),
        },
        (1280.0, 800.0),
    );
    open_operator(&mut harness, "2468");
    harness.get_by_label("Logiciel vérifié · SHA-256 abababababababab…");
    assert!(
        harness
            .query_by_label("Logiciel non vérifié (build de développement)")
            .is_none()
    );
}
