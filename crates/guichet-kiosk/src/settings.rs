//! The kiosk's settings, kept in the store (`kiosk_settings`): the language
//! the kiosk starts in, sound and volume, the idle timeout, the attract
//! loop and the reality checks' period. Each change is logged by the store. Below both the application and
//! the screens, like the commands. The reality checks' period too: every
//! player's session takes it when it starts.

use guichet_sale::StoreError;
use guichet_sqlite::Store;

use crate::command::Setting;
use crate::ui::i18n::Language;

/// The idle timeouts the operator chooses from, in seconds.
pub const IDLE_CHOICES: [u32; 4] = [60, 120, 300, 600];

/// The periods of the reality checks the operator chooses from, in minutes.
pub const REALITY_CHOICES: [u32; 5] = [15, 30, 45, 60, 90];

/// The kiosk's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KioskSettings {
    /// The language at start and after the idle timeout.
    pub language: Language,
    /// Whether sounds play.
    pub sound: bool,
    /// Their volume, 0 to 100.
    pub volume: u8,
    /// Seconds without a touch before the kiosk goes back to the lobby.
    pub idle_seconds: u32,
    /// Whether the attract loop plays on an idle kiosk with nothing to play.
    pub attract: bool,
    /// Minutes of a session between two reality checks.
    pub reality_minutes: u32,
}

impl Default for KioskSettings {
    fn default() -> Self {
        Self {
            language: Language::French,
            sound: true,
            volume: 70,
            idle_seconds: 120,
            attract: true,
            reality_minutes: guichet_sale::DEFAULT_REALITY_CHECK_MINUTES,
        }
    }
}

impl KioskSettings {
    /// The settings kept in `store`, each never set at its default, and the
    /// names of those whose stored value this build does not know (another
    /// version's, or out of the operator's choices): they keep their default
    /// too, and the caller says so — never silently.
    ///
    /// # Errors
    /// [`StoreError`] if they cannot be read.
    pub fn read(store: &Store) -> Result<(Self, Vec<&'static str>), StoreError> {
        let mut settings = Self::default();
        let mut unknown = Vec::new();
        let mut read = |name: &'static str| -> Result<Option<String>, StoreError> {
            let value = store.kiosk_setting(name)?;
            if value.is_some() {
                unknown.push(name);
            }
            Ok(value)
        };
        // Each setting read is taken off `unknown` once its value is known.
        let mut known = Vec::new();
        if let Some(language) = read("language")?.and_then(|value| language_of(&value)) {
            settings.language = language;
            known.push("language");
        }
        if let Some(on) = read("sound")?.and_then(|value| on_off(&value)) {
            settings.sound = on;
            known.push("sound");
        }
        if let Some(volume) = read("volume")?
            .and_then(|value| value.parse::<u8>().ok())
            .filter(|&volume| volume <= 100)
        {
            settings.volume = volume;
            known.push("volume");
        }
        if let Some(seconds) = read("idle_seconds")?
            .and_then(|value| value.parse::<u32>().ok())
            .filter(|seconds| IDLE_CHOICES.contains(seconds))
        {
            settings.idle_seconds = seconds;
            known.push("idle_seconds");
        }
        if let Some(on) = read("attract")?.and_then(|value| on_off(&value)) {
            settings.attract = on;
            known.push("attract");
        }
        if let Some(minutes) = read("reality_minutes")?
            .and_then(|value| value.parse::<u32>().ok())
            .filter(|minutes| REALITY_CHOICES.contains(minutes))
        {
            settings.reality_minutes = minutes;
            known.push("reality_minutes");
        }
        unknown.retain(|name| !known.contains(name));
        Ok((settings, unknown))
    }

    /// Applies `change` here and in `store`.
    ///
    /// # Errors
    /// [`StoreError`] if it cannot be written; nothing changes then.
    pub fn change(&mut self, store: &mut Store, change: Setting) -> Result<(), StoreError> {
        let on_off = |on: bool| if on { "on" } else { "off" };
        let (name, value) = match change {
            Setting::Language(language) => (
                "language",
                match language {
                    Language::French => "fr".to_owned(),
                    Language::English => "en".to_owned(),
                },
            ),
            Setting::Sound(on) => ("sound", on_off(on).to_owned()),
            Setting::Volume(volume) => ("volume", volume.min(100).to_string()),
            Setting::IdleSeconds(seconds) => ("idle_seconds", seconds.to_string()),
            Setting::Attract(on) => ("attract", on_off(on).to_owned()),
            Setting::RealityMinutes(minutes) => ("reality_minutes", minutes.to_string()),
        };
        store.set_kiosk_setting(name, &value)?;
        match change {
            Setting::Language(language) => self.language = language,
            Setting::Sound(on) => self.sound = on,
            Setting::Volume(volume) => self.volume = volume.min(100),
            Setting::IdleSeconds(seconds) => self.idle_seconds = seconds,
            Setting::Attract(on) => self.attract = on,
            Setting::RealityMinutes(minutes) => self.reality_minutes = minutes,
        }
        Ok(())
    }
}

/// The language stored as `fr` or `en`; anything else is not known.
fn language_of(value: &str) -> Option<Language> {
    match value {
        "fr" => Some(Language::French),
        "en" => Some(Language::English),
        _ => None,
    }
}

/// `on` or `off` as stored; anything else is not known.
fn on_off(value: &str) -> Option<bool> {
    match value {
        "on" => Some(true),
        "off" => Some(false),
        _ => None,
    }
}
