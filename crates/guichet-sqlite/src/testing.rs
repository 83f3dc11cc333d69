//! A test's way to a state that selling cannot reach in a test's time — a
//! block's last unit, times fixed for screenshots — its rows chained as the
//! store's own writes are, so that the records still prove themselves.
//! Built only with the feature `testing` (the crate's and the kiosk's
//! tests): never in a kiosk's build.

use guichet_sale::StoreError;

use crate::sqlite_error::OnFile as _;
use crate::store::Store;

impl Store {
    /// Runs `sql` in one of the store's writes: each row it changes is
    /// chained by the triggers, with the key, as a sale's are.
    ///
    /// # Errors
    /// [`StoreError`] if `sql` fails; nothing is written then.
    pub fn rewrite(&mut self, sql: &str) -> Result<(), StoreError> {
        self.write(|writing| writing.sql.execute_batch(sql).on(writing.path))
    }
}
