//! Noticing what other processes do to the database (a `guichet play`, another
//! kiosk's window): a thread sleeps on inotify, in the kernel, until the
//! database or its `-wal` file changes, then asks the window for a frame, in
//! which the kiosk checks SQLite's `data_version` and reads again what changed.
//! Nothing is polled: a still kiosk costs no CPU.

use std::ffi::OsStr;
use std::mem::MaybeUninit;
use std::os::unix::ffi::OsStrExt as _;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use guichet_sqlite::Store;
use rustix::fs::inotify::{self, CreateFlags, WatchFlags};

/// The kiosk's watch on what others do: the files' inotify watch, the
/// database's `data_version` last read, and the last closing known sent to
/// the network.
#[derive(Debug)]
pub struct Watch {
    /// The watch over the database's files, for what other processes do;
    /// `None` without inotify (an exotic file system): looked for at each
    /// command instead.
    pub changes: Option<Changes>,
    /// The database's `data_version` when last read.
    pub data_version: i64,
    /// The last closing of the kiosk's file known sent to the network.
    pub closings_sent: i64,
}

impl Watch {
    /// The watch over `store`'s files (none without a file), waking
    /// `context` when they change.
    pub fn new(store: Option<&Store>, context: &egui::Context) -> Self {
        Self {
            changes: store.and_then(|store| Changes::watch(store.path(), context).ok()),
            data_version: store
                .and_then(|store| store.data_version().ok())
                .unwrap_or_default(),
            closings_sent: 0,
        }
    }

    /// Whether inotify watches nothing: other processes' writes are then
    /// looked for at each command.
    pub const fn is_blind(&self) -> bool {
        self.changes.is_none()
    }

    /// Whether the watched files changed since last asked.
    pub fn files_changed(&self) -> bool {
        self.changes.as_ref().is_some_and(Changes::take)
    }

    /// Whether `version`, the database's `data_version` now, moved since
    /// last read (and keeps it).
    pub const fn version_moved(&mut self, version: i64) -> bool {
        let moved = version != self.data_version;
        self.data_version = version;
        moved
    }
}

/// The watch over one database: whether its files changed since last asked.
#[derive(Debug)]
pub struct Changes {
    changed: Arc<AtomicBool>,
}

impl Changes {
    /// Watches the database at `database`, waking `context` when it changes.
    /// The thread ends at its first event after the watch is dropped.
    ///
    /// # Errors
    /// When inotify cannot watch the database's folder.
    pub fn watch(database: &Path, context: &egui::Context) -> std::io::Result<Self> {
        let folder = database
            .parent()
            .filter(|folder| !folder.as_os_str().is_empty())
            .unwrap_or_else(|| Path::new("."));
        let name = database.file_name().unwrap_or_default().to_owned();
        let mut wal = name.clone();
        wal.push("-wal");
        let watch = inotify::init(CreateFlags::CLOEXEC)?;
        inotify::add_watch(
            &watch,
            folder,
            WatchFlags::MODIFY | WatchFlags::CREATE | WatchFlags::MOVED_TO | WatchFlags::DELETE,
        )?;
        let changed = Arc::new(AtomicBool::new(false));
        let flag = Arc::downgrade(&changed);
        let context = context.clone();
        std::thread::Builder::new()
            .name("guichet_watch".to_owned())
            .spawn(move || {
                let mut buffer = [MaybeUninit::uninit(); 1024];
                let mut events = inotify::Reader::new(&watch, &mut buffer);
                while let Ok(event) = events.next() {
                    let about: Option<&OsStr> = event
                        .file_name()
                        .map(|file| OsStr::from_bytes(file.to_bytes()));
                    if about.is_some_and(|file| file == name || file == wal) {
                        let Some(flag) = flag.upgrade() else {
                            return;
                        };
                        if !flag.swap(true, Ordering::Relaxed) {
                            context.request_repaint();
                        }
                    }
                }
            })?;
        Ok(Self { changed })
    }

    /// Whether the database's files changed since the last call.
    pub fn take(&self) -> bool {
        self.changed.swap(false, Ordering::Relaxed)
    }
}
