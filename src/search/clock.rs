//! The search's clock. `std::time::Instant::now()` panics on `wasm32-unknown-unknown` (the
//! target has no clock of its own), so there the search reads the browser's monotonic clock
//! (`performance.now()`) through `web-time`, whose `Instant` has the same interface; every other
//! target uses the standard one.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use web_time::Instant;
