//! Opening the kiosk window.

use std::path::PathBuf;
use std::thread::JoinHandle;

use guichet_integrity::{Trust, Verdict, check_running};
use guichet_network::{Endpoint, Kiosk, PlayerAccount};
use guichet_sale::StoreError;
use guichet_sqlite::keys::KeyStore;
use guichet_sqlite::{OpenOptions, Store};

use crate::app::{Guichet, Mode};
use crate::sound::Sound;
use crate::ui::theme;

/// The window's size when not in full screen.
pub const WINDOW_SIZE: [f32; 2] = [1280.0, 800.0];

/// Where the kiosk keeps the player's account.
#[derive(Debug)]
pub enum Accounts {
    /// In the kiosk's own file, at this path.
    File(PathBuf),
    /// On a network: players sign in with their card and PIN, and their
    /// accounts are in the network's database; the kiosk's own PIN,
    /// settings and events in its file at `own`.
    Network {
        /// The kiosk's own file.
        own: PathBuf,
        /// The network's database, logged in as the kiosk role.
        database: Box<Endpoint>,
        /// This kiosk's name.
        kiosk: String,
        /// The secret the operator added this kiosk with.
        secret: String,
    },
}

/// How the window opens.
#[derive(Clone, Debug, Default)]
pub struct WindowOptions {
    /// Fill the screen (a window otherwise).
    pub fullscreen: bool,
    /// The monitor to fill, by index (the first otherwise).
    pub monitor: Option<usize>,
    /// Kiosk mode and a demonstration.
    pub mode: Mode,
    /// Minutes of a session between two reality checks, for this run over
    /// the operator's setting.
    pub reality_check_minutes: Option<u32>,
    /// Where the operator menu exports closings (else a USB stick).
    pub export_folder: Option<std::path::PathBuf>,
    /// What the kiosk's own program is checked against before anything is
    /// sold (`None`: not checked, as a development build).
    pub trust: Option<Trust>,
}

/// Opens the kiosk over `accounts` (the kiosk's file created on first start,
/// its keys in `keys`) and runs it until the window closes (in kiosk mode, until the operator
/// closes it). A database that cannot be opened, or a network that cannot be
/// reached, is shown as a page saying why; the window opens anyway.
///
/// # Errors
/// When the window itself cannot be created (no display, no graphics).
pub fn run(accounts: Accounts, keys: KeyStore, options: WindowOptions) -> eframe::Result {
    let kiosk = options.mode.kiosk;
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Guichet")
        .with_app_id("guichet")
        .with_inner_size(WINDOW_SIZE)
        .with_min_inner_size([1024.0, 700.0])
        .with_fullscreen(options.fullscreen || kiosk)
        .with_decorations(!kiosk);
    if let Some(monitor) = options.monitor {
        viewport = viewport.with_monitor(monitor);
    }
    let native = eframe::NativeOptions {
        viewport,
        system_font_fallback: false,
        ..Default::default()
    };
    eframe::run_native(
        "Guichet",
        native,
        Box::new(move |_creation| {
            // The database opens, and the system's time zone is found, while
            // the first frame is drawn. Opened any earlier, beside the
            // window's creation, the database delayed the window by some 8 ms;
            // finding the time zone (jiff reads the names of the whole zone
            // database) cost the kiosk's first visible frame 1 ms (measured,
            // two cores).
            let trust = options.trust.clone();
            let opening = std::thread::spawn(move || open(accounts, &keys, trust.as_ref()));
            Ok(Box::new(Launch {
                opening: Some((opening, options)),
                kiosk: None,
            }))
        }),
    )
}

/// What the opening thread brings: the kiosk's database (or why it could not
/// be opened), the system's time zone, on a network the player's account
/// there, and the verdict on the kiosk's own program.
type Opened = (
    Result<Store, StoreError>,
    jiff::tz::TimeZone,
    Option<Result<PlayerAccount, StoreError>>,
    Verdict,
);

/// Checks the program running against `trust` (none: a development build's
/// verdict), and says the verdict on standard error — the journal, under
/// the kiosk's unit.
fn check_program(trust: Option<&Trust>) -> Verdict {
    let Some(trust) = trust else {
        return Verdict::Development;
    };
    let verdict = check_running(trust);
    match &verdict {
        Verdict::Verified { digest } => eprintln!("guichet: program verified (SHA-256 {digest})"),
        Verdict::Development => {
            eprintln!("guichet: development build: the program is not verified (no manifest)");
        }
        Verdict::Refused(refusal) => {
            eprintln!("guichet: PROGRAM NOT VERIFIED, the kiosk sells nothing: {refusal}");
        }
    }
    verdict
}

/// Checks the program, opens the kiosk's file (its keys in `keys`), finds
/// the time zone and, on a network, connects the player's account.
fn open(accounts: Accounts, keys: &KeyStore, trust: Option<&Trust>) -> Opened {
    let verdict = check_program(trust);
    let time_zone = jiff::tz::TimeZone::system();
    let options = OpenOptions::new().keys(keys.clone());
    match accounts {
        Accounts::File(path) => (options.open(&path), time_zone, None, verdict),
        Accounts::Network {
            own,
            database,
            kiosk,
            secret,
        } => {
            let account = Kiosk::connect_to(&database, &kiosk, &secret)
                .map(PlayerAccount::new)
                .map_err(StoreError::from);
            (options.open(&own), time_zone, Some(account), verdict)
        }
    }
}

/// The window's first frame is the lounge alone; the kiosk draws from the
/// second frame on.
///
/// eframe draws its first frame into a window not yet shown (so that no blank
/// window flashes), then shows the window and draws again. On X11 that first
/// frame is never seen, and a software renderer takes some 15 ms to fill it
/// with the kiosk's words and buttons (llvmpipe, 1280×800, measured): drawn
/// empty, it costs nothing to skip, and the database opens meanwhile.
struct Launch {
    /// The database being opened, and how the kiosk runs, until it does.
    opening: Option<(JoinHandle<Opened>, WindowOptions)>,
    /// The kiosk, from the second frame on.
    kiosk: Option<Guichet>,
}

impl eframe::App for Launch {
    fn ui(&mut self, ui: &mut egui::Ui, frame: &mut eframe::Frame) {
        if let Some(kiosk) = &mut self.kiosk {
            kiosk.ui(ui, frame);
            return;
        }
        if ui.ctx().cumulative_frame_nr() == 0 {
            // The kiosk's look takes effect from the next frame, its first.
            theme::install(ui.ctx());
            ui.ctx().request_repaint();
            return;
        }
        let Some((opening, options)) = self.opening.take() else {
            return;
        };
        let (store, time_zone, network, verdict) = opening
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        // A network that cannot be reached is shown as the database would be.
        let (store, network) = match (store, network) {
            (Ok(_), Some(Err(error))) => (Err(error), None),
            (store, network) => (store, network.and_then(Result::ok)),
        };
        let mut kiosk = Guichet::new(ui.ctx(), store, time_zone);
        if let Some(minutes) = options.reality_check_minutes {
            kiosk = kiosk.with_reality_check(minutes);
        }
        let mut kiosk = kiosk
            .with_mode(options.mode)
            .with_sound(Sound::on_first_cue());
        if let Some(account) = network {
            kiosk = kiosk.with_network(account);
        }
        if let Some(folder) = options.export_folder {
            kiosk = kiosk.with_export_folder(folder);
        }
        // Last: a program refused overrides every other first page.
        let kiosk = kiosk.with_software(verdict);
        self.kiosk.insert(kiosk).ui(ui, frame);
    }

    fn on_exit(&mut self) {
        if let Some(kiosk) = &mut self.kiosk {
            kiosk.on_exit();
        }
    }

    fn clear_color(&self, visuals: &egui::Visuals) -> [f32; 4] {
        self.kiosk.as_ref().map_or_else(
            || theme::palette::LOUNGE.to_normalized_gamma_f32(),
            |kiosk| kiosk.clear_color(visuals),
        )
    }
}
