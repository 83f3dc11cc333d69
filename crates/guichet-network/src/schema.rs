//! The schema's versions (`v1.sql` to `v6.sql`), what it stores a
//! unit's tier as, and the kiosk role's name.

use crate::error::NetworkError;

/// The schema's migrations, in order: migration `n` (from 1) brings the schema
/// to version `n`.
pub(crate) const MIGRATIONS: [&str; 6] = [
    include_str!("v1.sql"),
    include_str!("v2.sql"),
    include_str!("v3.sql"),
    include_str!("v4.sql"),
    include_str!("v5.sql"),
    include_str!("v6.sql"),
];

/// The schema's version once every migration is applied.
#[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)] // 6 fits.
pub const SCHEMA_VERSION: i32 = MIGRATIONS.len() as i32;

/// Units per row of `guichet.block_tiers` (as `v6.sql`'s `buy` reads them).
pub(crate) const CHUNK: u32 = 4096;

/// A unit's tier byte when it loses.
pub(crate) const LOSING: u8 = 255;

/// The kiosk role's name when none is chosen.
pub const KIOSK_ROLE: &str = "guichet_kiosk";

/// Whether `role` is a plain lower-case identifier, safe to name in SQL.
pub(crate) fn check_role_name(role: &str) -> Result<(), NetworkError> {
    if role.is_empty()
        || !role
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
    {
        return Err(NetworkError::RoleName(role.to_owned()));
    }
    Ok(())
}
