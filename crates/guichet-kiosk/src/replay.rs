//! A settled unit's reveal recorded for a dispute: its table replays it from
//! its journal — every step in its order, at the screen's timing — headlessly,
//! through the renderer the snapshot tests use (wgpu; Mesa's CPU renderer
//! where there is no GPU), frame by frame at [`FRAME_RATE`], under a caption
//! strip (kiosk, unit, time, "RAPPEL"), until the table stops moving; then
//! written as an animated PNG that plays once and ends on the result.
//!
//! Frames that do not change are one frame shown longer; the frames are held
//! deflated while they are recorded (a 1280×800 frame is 4 MB raw).

use std::path::Path;

use egui::{RichText, Vec2};
use egui_kittest::Harness;
use guichet_sale::{Unit, UnitState};

use crate::ui::games::{Opening, table_for};
use crate::ui::i18n::{Language, Texts};
use crate::ui::theme::{self, palette, size};
use crate::ui::views::GamePage;
use crate::ui::widgets::local_time;

/// Frames a second the reveal is sampled at.
pub const FRAME_RATE: u32 = 25;

/// The longest a reveal is recorded: no table's reveal takes this long.
pub const LONGEST_SECONDS: u32 = 180;

/// The caption strip's height, in points.
const CAPTION_HEIGHT: f32 = 56.0;

/// What the caption says of the unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Caption {
    /// The kiosk that sold it (its name, or its host's).
    pub kiosk: String,
    /// Its number.
    pub unit: i64,
}

/// Why a reveal could not be recorded.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The unit is not settled: its reveal is not over.
    #[error("unit {0} is not settled: there is no finished reveal to replay")]
    NotSettled(i64),
    /// The renderer failed (no adapter, say).
    #[error("the replay could not be rendered: {0}")]
    Render(String),
    /// The table was still moving after [`LONGEST_SECONDS`].
    #[error("the reveal of unit {0} did not end within {LONGEST_SECONDS} s")]
    NeverStill(i64),
    /// The file could not be written.
    #[error("{0}")]
    Write(String),
}

/// One frame: its pixels (RGBA, deflated) and how long it shows.
struct Frame {
    deflated: Vec<u8>,
    ticks: u32,
}

/// A unit's reveal, recorded.
pub struct Recording {
    width: u32,
    height: u32,
    frames: Vec<Frame>,
}

impl Recording {
    /// Its size in pixels: width, height.
    #[must_use]
    pub const fn size(&self) -> (u32, u32) {
        (self.width, self.height)
    }

    /// Its frames (a still picture counts once, however long it shows).
    #[must_use]
    pub const fn frame_count(&self) -> usize {
        self.frames.len()
    }

    /// How long it plays, in milliseconds.
    #[must_use]
    pub fn duration_ms(&self) -> u64 {
        self.frames
            .iter()
            .map(|frame| u64::from(frame.ticks) * 1000 / u64::from(FRAME_RATE))
            .sum()
    }

    /// Its last frame: what it ends on.
    #[must_use]
    pub fn last_frame(&self) -> Option<image::RgbaImage> {
        let pixels = fdeflate::decompress_to_vec(&self.frames.last()?.deflated).ok()?;
        image::RgbaImage::from_raw(self.width, self.height, pixels)
    }

    /// Writes it to `file` (named `path`) as an animated PNG that plays
    /// once.
    ///
    /// # Errors
    /// [`ReplayError::Write`] when the file cannot be written.
    pub fn write_apng(&self, file: std::fs::File, path: &Path) -> Result<(), ReplayError> {
        let failed = |error: &dyn std::fmt::Display| {
            ReplayError::Write(format!("cannot write {}: {error}", path.display()))
        };
        let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), self.width, self.height);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::Fast);
        let count = u32::try_from(self.frames.len()).map_err(|error| failed(&error))?;
        encoder
            .set_animated(count, 1)
            .map_err(|error| failed(&error))?;
        let mut writer = encoder.write_header().map_err(|error| failed(&error))?;
        for frame in &self.frames {
            // Hundredths of a second: a still of up to 655 s fits.
            let hundredths = u16::try_from(frame.ticks * 100 / FRAME_RATE).unwrap_or(u16::MAX);
            writer
                .set_frame_delay(hundredths, 100)
                .map_err(|error| failed(&error))?;
            let pixels = fdeflate::decompress_to_vec(&frame.deflated)
                .map_err(|error| failed(&format!("{error:?}")))?;
            writer
                .write_image_data(&pixels)
                .map_err(|error| failed(&error))?;
        }
        writer.finish().map_err(|error| failed(&error))
    }
}

/// What the recording harness draws: the caption, then the table.
struct Recorded {
    page: GamePage,
    texts: Texts,
    caption: String,
}

/// Records the reveal of settled `unit` at `size` (points, one pixel each),
/// its times in `zone`.
///
/// # Errors
/// [`ReplayError`]: the unit not settled, the renderer failing, a reveal that
/// never ends.
pub fn record(
    unit: Unit,
    caption: &Caption,
    size: Vec2,
    zone: &jiff::tz::TimeZone,
) -> Result<Recording, ReplayError> {
    recorded(unit, Opening::Replay, caption, size, zone)
}

/// The picture of settled `unit` shown whole at once, as its table shows it
/// settled (what a recording of its reveal must end on).
///
/// # Errors
/// As [`record`].
pub fn settled_picture(
    unit: Unit,
    caption: &Caption,
    size: Vec2,
    zone: &jiff::tz::TimeZone,
) -> Result<image::RgbaImage, ReplayError> {
    recorded(unit, Opening::Shown, caption, size, zone)?
        .last_frame()
        .ok_or_else(|| ReplayError::Render("no frame".to_owned()))
}

/// The frames of `unit` opened on its table as `opening` says, until the
/// table is still.
fn recorded(
    unit: Unit,
    opening: Opening,
    caption: &Caption,
    size: Vec2,
    zone: &jiff::tz::TimeZone,
) -> Result<Recording, ReplayError> {
    if unit.state != UnitState::Settled {
        return Err(ReplayError::NotSettled(unit.id));
    }
    let id = unit.id;
    let texts = Texts::new(Language::French);
    let caption = texts.with(
        "replay-caption",
        &[
            ("kiosk", caption.kiosk.clone()),
            ("unit", caption.unit.to_string()),
            ("time", local_time(&unit.sold_at, zone)),
        ],
    );
    let mut page = GamePage::new(unit.emission, table_for(unit.emission.game));
    page.open(unit, opening);
    let mut harness = Harness::builder()
        .with_size(size)
        .with_step_dt(1.0 / FRAME_RATE as f32)
        .with_render_cursor(false)
        .with_context_setup(|context| {
            theme::install(context);
            egui_extras::install_image_loaders(context);
        })
        .wgpu()
        .build_ui_state(
            draw,
            Recorded {
                page,
                texts,
                caption,
            },
        );
    let mut frames: Vec<Frame> = Vec::new();
    let mut last: Option<Vec<u8>> = None;
    for _ in 0..LONGEST_SECONDS * FRAME_RATE {
        let image = harness.render().map_err(ReplayError::Render)?;
        let pixels = image.into_raw();
        match (&last, frames.last_mut()) {
            (Some(previous), Some(frame)) if *previous == pixels => frame.ticks += 1,
            _ => {
                frames.push(Frame {
                    deflated: fdeflate::compress_to_vec(&pixels),
                    ticks: 1,
                });
                last = Some(pixels);
            }
        }
        // Still: nothing asks to be drawn again, soon or later.
        let still = harness
            .output()
            .viewport_output
            .get(&egui::ViewportId::ROOT)
            .is_none_or(|viewport| viewport.repaint_delay == std::time::Duration::MAX);
        if still {
            let (width, height) = (size.x.round() as u32, size.y.round() as u32);
            return Ok(Recording {
                width,
                height,
                frames,
            });
        }
        harness.step();
    }
    Err(ReplayError::NeverStill(id))
}

/// One frame: the table above, the caption strip below, over the whole
/// picture (the harness's own frame keeps a margin).
fn draw(ui: &mut egui::Ui, recorded: &mut Recorded) {
    let whole = ui.ctx().content_rect();
    let ui = &mut ui.new_child(egui::UiBuilder::new().max_rect(whole));
    ui.painter().rect_filled(whole, 0.0, palette::INK);
    egui::Panel::bottom("replay caption")
        .exact_size(CAPTION_HEIGHT)
        .resizable(false)
        .show_separator_line(false)
        .frame(
            egui::Frame::NONE
                .fill(palette::NOTICE_BACKGROUND)
                .inner_margin(egui::Margin::symmetric(size::MARGIN as i8, 0)),
        )
        .show(ui, |ui| {
            ui.centered_and_justified(|ui| {
                ui.label(
                    RichText::new(&recorded.caption)
                        .strong()
                        .color(palette::INK),
                );
            });
        });
    egui::CentralPanel::default()
        .frame(egui::Frame::NONE)
        .show(ui, |ui| recorded.page.draw_recorded(ui, &recorded.texts));
}
