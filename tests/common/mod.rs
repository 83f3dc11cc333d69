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
use guichet_store::{Store, StoreError};
use tempfile::TempDir;

/// A fresh database in a temporary folder.
pub fn new_database() -> (TempDir, PathBuf) {
    let folder = tempfile::tempdir().expect("a temporary folder");
    let path = folder.path().join("guichet.sqlite3");
    (folder, path)
}

/// Opens the store at `path`, the first block of every emission opened with a
/// seed of our choosing, so that the units are the same on every run.
pub fn seeded_store(path: &Path, seed_byte: u8) -> Store {
    let mut store = Store::open(path).expect("a store");
    for (position, emission) in Emission::ALL.into_iter().enumerate() {
        let seed = Seed::from_bytes([seed_byte.wrapping_add(position as u8); 32]);
        store.open_next_block(emission, &seed).expect("a block");
    }
    store
}

/// Sets every unit's sale time to a fixed one, a minute apart, so that the
/// screens show the same times on every run.
pub fn fix_times(path: &Path) {
    let raw = rusqlite::Connection::open(path).expect("sqlite");
    raw.execute(
        "UPDATE units SET sold_at = printf('2026-11-29T14:%02d:00Z', id % 60)",
        [],
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
