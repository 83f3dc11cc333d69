//! The dispute replay (`guichet_kiosk::replay`): a settled unit of every game
//! of the registry, a winning one, recorded from its journal and written as
//! an animated PNG; the file read back has the recording's frames and size,
//! plays for as long as the reveal ran, and ends on exactly the picture of
//! the unit shown settled (and on its committed snapshot).

mod common;

use common::{new_database, seed_where};
use egui_kittest::SnapshotResults;
use guichet_core::money::Cents;
use guichet_kiosk::replay::{self, Caption, FRAME_RATE, ReplayError};
use guichet_kiosk::ui::games::GAMES;
use guichet_sale::PointOfSale as _;

/// The replay's size, the default.
const SIZE: egui::Vec2 = egui::vec2(1280.0, 800.0);

/// Reads an animated PNG back: its size, its frame count and delays (in
/// milliseconds), and its last frame.
fn read_back(path: &std::path::Path) -> ((u32, u32), Vec<u64>, image::RgbaImage) {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(path).expect("the file"),
    ));
    let mut reader = decoder.read_info().expect("a PNG");
    let info = reader.info();
    let size = (info.width, info.height);
    let frames = info.animation_control.expect("an animated PNG").num_frames;
    let mut delays = Vec::new();
    let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
    for _ in 0..frames {
        reader.next_frame(&mut pixels).expect("a frame");
        let control = reader.info().frame_control.expect("its control");
        delays.push(u64::from(control.delay_num) * 1000 / u64::from(control.delay_den.max(1)));
    }
    let last = image::RgbaImage::from_raw(size.0, size.1, pixels).expect("RGBA");
    (size, delays, last)
}

#[test]
fn a_unit_of_every_game_replays_to_its_settled_picture() {
    let mut snapshots = SnapshotResults::new();
    for entry in GAMES {
        let emission = entry.game.rules().first_offered;
        let seed = seed_where(emission, |prize, _| prize > emission.stake);
        let (folder, path) = new_database();
        let id = {
            let mut store = common::with_block_seed(emission, seed)
                .open(&path)
                .expect("a store");
            common::of_age(&mut store);
            store.deposit(Cents::euros(20)).expect("a deposit");
            let bought = store.buy(emission).expect("a unit");
            store.finish(bought.id).expect("settled");
            bought.id
        };
        // The caption's time, the same on every run.
        common::fix_times(&path);
        let unit = common::open(&path)
            .expect("the store")
            .any_unit(id)
            .expect("the unit");
        let caption = Caption {
            kiosk: "test".to_owned(),
            unit: unit.id,
        };
        let zone = jiff::tz::TimeZone::UTC;
        let recording = replay::record(unit.clone(), &caption, SIZE, &zone).expect("recorded");
        let out = folder.path().join("replay.png");
        recording
            .write_apng(std::fs::File::create(&out).expect("a file"), &out)
            .expect("written");

        let game = entry.game.export_name();
        let (size, delays, last) = read_back(&out);
        assert_eq!(size, (1280, 800), "{game}");
        assert_eq!(size, recording.size(), "{game}");
        assert_eq!(delays.len(), recording.frame_count(), "{game}");
        // Every step moves the table: more frames than steps.
        assert!(
            recording.frame_count() > unit.steps.len(),
            "{game}: {} frames for {} steps",
            recording.frame_count(),
            unit.steps.len()
        );
        // It plays for as long as it was recorded, to a frame.
        let played: u64 = delays.iter().sum();
        let frame_ms = 1000 / u64::from(FRAME_RATE);
        assert!(
            played.abs_diff(recording.duration_ms()) <= frame_ms,
            "{game}: plays {played} ms, recorded {} ms",
            recording.duration_ms()
        );
        assert!(played >= 1000, "{game}: a reveal of {played} ms");
        // It ends on the unit as its table shows it settled.
        let settled = replay::settled_picture(unit.clone(), &caption, SIZE, &zone).expect("shown");
        // To the pixel but where a puck at rest lies a sub-pixel off the
        // place it is drawn at settled: a few pixels, by 1/255 at most.
        let off: Vec<u8> = last
            .as_raw()
            .iter()
            .zip(settled.as_raw())
            .map(|(a, b)| a.abs_diff(*b))
            .filter(|&difference| difference > 0)
            .collect();
        assert!(
            off.len() <= 16 && off.iter().all(|&difference| difference <= 1),
            "{game}: the replay's last frame is not the settled table ({} channels off, by up to {})",
            off.len(),
            off.iter().max().unwrap_or(&0)
        );
        snapshots.add(egui_kittest::try_image_snapshot(
            &last,
            format!("replay/{game}_last"),
        ));
        eprintln!(
            "{game}: {} frames, {} ms",
            recording.frame_count(),
            recording.duration_ms()
        );
    }
    snapshots.unwrap();
}

#[test]
fn an_unsettled_unit_is_not_replayed() {
    let emission = GAMES[0].game.rules().first_offered;
    let (_folder, path) = new_database();
    let mut store = common::seeded_store(&path, 3);
    common::of_age(&mut store);
    store.deposit(Cents::euros(20)).expect("a deposit");
    let unit = store.buy(emission).expect("a unit");
    let caption = Caption {
        kiosk: "test".to_owned(),
        unit: unit.id,
    };
    let refused = replay::record(unit, &caption, SIZE, &jiff::tz::TimeZone::UTC);
    assert!(matches!(refused, Err(ReplayError::NotSettled(_))));
}
