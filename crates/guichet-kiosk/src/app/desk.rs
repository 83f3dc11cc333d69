//! The operator's desk at the kiosk: how it runs, the operator's settings
//! and access, where exports go, what the kiosk's program and file were
//! found to be, and a recalled unit's recording — what the operator menu
//! reads and changes.

use guichet_integrity::Verdict;
use guichet_sqlite::StoreWarning;

use crate::app::export;
use crate::settings::KioskSettings;

/// How the kiosk runs (the command line's `--kiosk` and `--demo`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mode {
    /// A standalone kiosk: the window cannot be closed but from the operator
    /// menu, and the pointer hides when still.
    pub kiosk: bool,
    /// A stakeholders' demonstration: a trial of play money runs from the
    /// start and never ends; nobody signs in.
    pub demo: bool,
}

/// The operator's access.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// The menu is closed: its pages need the PIN.
    Closed,
    /// A kiosk's first start: nothing but choosing the operator PIN until it is.
    AwaitingFirstPin,
    /// The right PIN opened the menu (until it is left).
    Open,
}

/// The operator's concern at the kiosk.
pub struct Desk {
    /// Kiosk mode, a demonstration.
    pub mode: Mode,
    /// The operator's settings.
    pub settings: KioskSettings,
    /// Whether the operator menu is open, closed, or awaiting its first PIN.
    pub access: Access,
    /// The operator closed the kiosk: the window closes at the end of the frame.
    pub exiting: bool,
    /// Where the operator's exports go, if the command line named a folder
    /// (else a USB stick is looked for at each export).
    pub export_folder: Option<std::path::PathBuf>,
    /// The verdict on the kiosk's own program, checked before anything is
    /// sold (shown in the operator menu).
    pub software: Verdict,
    /// What the kiosk's file warned of when it opened (files open to other
    /// users, a tally rebuilt): said at the top of the operator menu.
    pub store_warnings: Vec<StoreWarning>,
    /// A recalled unit's reveal being recorded for the export folder.
    pub recording: Option<export::Recorded>,
}

impl Default for Desk {
    /// A window's desk, closed, with the default settings, until the
    /// command line and the file say otherwise.
    fn default() -> Self {
        Self {
            mode: Mode::default(),
            settings: KioskSettings::default(),
            access: Access::Closed,
            exiting: false,
            export_folder: None,
            software: Verdict::Development,
            store_warnings: Vec::new(),
            recording: None,
        }
    }
}
