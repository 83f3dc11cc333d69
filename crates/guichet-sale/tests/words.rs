//! The sale API's own words: the messages a player or an operator reads, the
//! names the records keep, the times as messages give them — and which
//! errors are about the file (a page of its own) rather than the request.

use std::path::PathBuf;

use guichet_core::money::Cents;
use guichet_sale::time::{in_utc, parse, stamp};
use guichet_sale::{LimitKind, RealityChoice, StoreError};

fn at(text: &str) -> jiff::Timestamp {
    text.parse().expect("a time")
}

#[test]
fn times_read_as_the_records_and_the_messages_write_them() {
    let time = at("2026-12-03T14:05:59Z");
    assert_eq!(stamp(time), "2026-12-03T14:05:59Z");
    assert_eq!(in_utc(time), "2026-12-03 14:05 UTC");
    assert_eq!(parse("2026-12-03T14:05:59Z"), Ok(time));
    assert!(parse("mardi").is_err_and(|reason| reason.contains("`mardi`")));
}

#[test]
fn a_limit_reached_says_which_what_is_left_and_when_it_fits() {
    let error = |kind, fits_from| StoreError::LimitReached {
        kind,
        amount: Cents::euros(30),
        limit: Cents::euros(50),
        left: Cents::euros(20),
        fits_from,
    };
    // Amounts are written with a no-break space before the euro sign.
    let plain = |error: StoreError| error.to_string().replace('\u{a0}', " ");
    assert_eq!(
        plain(error(LimitKind::Deposit, Some(at("2026-12-03T14:05:00Z")))),
        "this deposit of 30,00 € would pass your 7-day deposit limit of 50,00 €: 20,00 € left; \
         a deposit of 30,00 € fits from 2026-12-03 14:05 UTC"
    );
    assert_eq!(
        plain(error(LimitKind::Stake, None)),
        "this stake of 30,00 € would pass your 7-day stake limit of 50,00 €: 20,00 € left; \
         a stake of 30,00 € is above the limit itself"
    );
}

#[test]
fn a_unit_played_elsewhere_names_the_unit_and_the_process_when_known() {
    let error = |unit, pid| StoreError::PlayedElsewhere { unit, pid }.to_string();
    assert_eq!(
        error(Some(7), Some(4242)),
        "unit 7 is being played by another Guichet process (pid 4242); it can be taken up once that process ends"
    );
    assert_eq!(
        error(None, None),
        "a unit is being played by another Guichet process; it can be taken up once that process ends"
    );
}

#[test]
fn names_kept_in_the_records() {
    assert_eq!(LimitKind::Deposit.noun(), "deposit");
    assert_eq!(LimitKind::Stake.noun(), "stake");
    assert_eq!(RealityChoice::Continue.name(), "continue");
    assert_eq!(RealityChoice::Stop.name(), "stop");
}

#[test]
fn faults_of_the_file_are_told_apart_from_refusals_of_the_request() {
    let path = PathBuf::from("/var/lib/guichet/guichet.sqlite3");
    let about_the_file = [
        StoreError::ReadOnly { path: path.clone() },
        StoreError::ReadOnlyFolder {
            path: path.clone(),
            folder: PathBuf::from("/var/lib/guichet"),
        },
        StoreError::LogReplaced {
            path: path.clone(),
            wal: PathBuf::from("/var/lib/guichet/guichet.sqlite3-wal"),
            kept: Some(path.clone()),
        },
        StoreError::OldSchema {
            path: path.clone(),
            found: 1,
        },
        StoreError::FileReplaced { path: path.clone() },
    ];
    for error in &about_the_file {
        assert!(error.is_about_the_file(), "{error:?}");
        assert_eq!(error.to_string().lines().count(), 1, "{error}");
    }
    for error in [
        StoreError::NoLimits,
        StoreError::UnitUnfinished(3),
        StoreError::ReadOnlyOpen { path },
    ] {
        assert!(!error.is_about_the_file(), "{error:?}");
    }
}

#[test]
fn a_replaced_log_says_where_its_sales_are() {
    let path = PathBuf::from("/k/guichet.sqlite3");
    let wal = PathBuf::from("/k/guichet.sqlite3-wal");
    let said = |kept: Option<&str>| {
        StoreError::LogReplaced {
            path: path.clone(),
            wal: wal.clone(),
            kept: kept.map(PathBuf::from),
        }
        .to_string()
    };
    assert!(
        said(Some("/k/guichet.sqlite3"))
            .contains("the sales it held are kept in /k/guichet.sqlite3")
    );
    assert!(
        said(Some("/k/guichet.sqlite3-wal.kept-9"))
            .contains("copied to /k/guichet.sqlite3-wal.kept-9")
    );
    assert!(said(None).contains("could not be kept"));
}
