//! What the kiosk's screen tests share: real SQLite files with chosen seeds, and
//! a headless kiosk rendered through wgpu on the CPU.

#![allow(dead_code)] // Each test file uses its own part of this module.

use std::path::{Path, PathBuf};

use egui::Vec2;
use egui_kittest::Harness;
use guichet::app::Guichet;
use guichet::kiosk::WINDOW_SIZE;
use guichet_core::block::Seed;
use guichet_core::emission::Emission;
use guichet_store::{OpenOptions, Store, StoreError};
use tempfile::TempDir;

/// A fresh database in a temporary folder.
pub fn new_database() -> (TempDir, PathBuf) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("guichet.sqlite3");
    (folder, path)
}

/// Options whose blocks have seeds of our choosing: block `n` of the emission
/// at position `p` is seeded with the bytes `seed_byte + p + 16 n`, so that the
/// units are the same on every run.
pub fn seeded(seed_byte: u8) -> OpenOptions {
    OpenOptions::new().seeds(move |emission, number| {
        let position = Emission::ALL
            .iter()
            .position(|other| std::ptr::eq(*other, emission))
            .unwrap_or(0) as u8;
        Seed::from_bytes([seed_byte
            .wrapping_add(position)
            .wrapping_add((number as u8).wrapping_mul(16)); 32])
    })
}

/// Options under which block 0 of `emission` has `seed` (the others seeded
/// with the bytes `100 + n`).
pub fn with_block_seed(emission: &'static Emission, seed: Seed) -> OpenOptions {
    OpenOptions::new().seeds(move |asked, number| {
        if std::ptr::eq(asked, emission) && number == 0 {
            seed.clone()
        } else {
            Seed::from_bytes([100_u8.wrapping_add(number as u8); 32])
        }
    })
}

/// Opens the store at `path`, every block seeded as `seeded(seed_byte)`.
pub fn seeded_store(path: &Path, seed_byte: u8) -> Store {
    seeded(seed_byte).open(path).expect("a store")
}

/// Sets every unit's sale time to a fixed one, a minute apart, and every
/// block's publication to a fixed morning, so that the screens show the same
/// times on every run.
pub fn fix_times(path: &Path) {
    let raw = rusqlite::Connection::open(path).expect("sqlite");
    raw.execute_batch(
        "UPDATE units SET sold_at = printf('2026-11-29T14:%02d:00Z', id % 60);
         UPDATE blocks SET committed_at = '2026-11-29T09:00:00Z',
                           selling_since = CASE WHEN selling_since IS NULL THEN NULL ELSE '2026-11-29T09:00:00Z' END;",
    )
    .expect("fixed times");
}

/// The kiosk over `store`, headless, at the window's size, its times in UTC.
pub fn kiosk(store: Result<Store, StoreError>) -> Harness<'static, Guichet> {
    kiosk_sized(store, Vec2::from(WINDOW_SIZE))
}

/// The kiosk over `store`, headless, at `size`.
pub fn kiosk_sized(store: Result<Store, StoreError>, size: Vec2) -> Harness<'static, Guichet> {
    Harness::builder()
        .with_size(size)
        .with_step_dt(1.0 / 60.0)
        .with_render_cursor(false)
        // Animations are driven by time: up to four seconds of them may run.
        .with_max_steps(240)
        .build_eframe(move |creation| {
            Guichet::new(&creation.egui_ctx, store).with_time_zone(jiff::tz::TimeZone::UTC)
        })
}
