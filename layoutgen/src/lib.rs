//! # wire-layoutgen
//!
//! Random layouts from wire's attribute vocabulary, to prove that the combinations the derive
//! accepts round-trip. A seed gives a batch of types (structs of field blocks, enums, bit-field
//! words, context-taking children, nested in one another); the batch is written as a crate of
//! its own and `cargo test` runs, for every type and many proptest values:
//!
//! - `encoded_len(v) == encode(v).len()`;
//! - `decode(encode(v))` succeeds, equals `v` where encode fills nothing, and re-encodes to
//!   the same bytes (the layout is canonical from encode's output);
//! - `decode_spanned` gives the same value, with spans complete, ordered and nested;
//! - every truncation is an error, never a panic (where the layout's end is not open).
//!
//! A batch that does not compile, or a property that fails, prints the seed, so the layout can
//! be generated again and kept as a regression test.
//!
//! ```
//! let batch = wire_layoutgen::generate(7, 20);
//! assert_eq!(batch.types.len(), 20);
//! assert_eq!(wire_layoutgen::generate(7, 20).types[3].source, batch.types[3].source);
//! ```

mod fields;
mod render;
mod rng;
mod types;

pub use types::{Kind, TypeDef};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The types of one seed.
#[derive(Debug)]
pub struct Batch {
    pub seed: u64,
    pub types: Vec<TypeDef>,
}

/// `count` types from `seed`; later types nest earlier ones.
pub fn generate(seed: u64, count: usize) -> Batch {
    let mut rng = rng::Rng::new(seed);
    let mut types: Vec<TypeDef> = Vec::with_capacity(count);
    for index in 0..count {
        let t = types::generate(&mut rng, index, &types);
        types.push(t);
    }
    Batch { seed, types }
}

/// How often each key, and each pair of keys in one type, occurs in some batches.
#[derive(Debug, Default)]
pub struct Coverage {
    pub keys: BTreeMap<String, usize>,
    pub pairs: BTreeMap<(String, String), usize>,
    pub types: usize,
}

impl Coverage {
    /// Adds a batch's types.
    pub fn add(&mut self, batch: &Batch) {
        for t in &batch.types {
            self.types += 1;
            for key in &t.used {
                *self.keys.entry(key.clone()).or_default() += 1;
            }
            for (i, a) in t.used.iter().enumerate() {
                for b in &t.used[i + 1..] {
                    *self.pairs.entry((a.clone(), b.clone())).or_default() += 1;
                }
            }
        }
    }

    /// A few lines for people: keys by count, and how many distinct pairs occurred.
    pub fn report(&self) -> String {
        let mut keys: Vec<(&String, &usize)> = self.keys.iter().collect();
        keys.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let list: Vec<String> = keys.iter().map(|(k, n)| format!("{k} {n}")).collect();
        format!(
            "{} types; {} keys and {} distinct pairs of keys in one type:\n  {}",
            self.types,
            self.keys.len(),
            self.pairs.len(),
            list.join(", ")
        )
    }
}

/// The workspace root (this crate's parent).
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("layoutgen sits in the workspace")
        .to_path_buf()
}

/// Writes `batch` as the crate `target/layoutgen/<slot>` and runs its tests with `cases`
/// proptest cases per type. `Err` holds cargo's output, with the seed; a failing batch's
/// crate is also kept as `target/layoutgen/failed-seed-<seed>`.
///
/// Every batch of a slot is the same package, so that its build replaces the previous one's
/// instead of piling up beside it (a batch's build is about half a gigabyte).
pub fn run(batch: &Batch, cases: u32, slot: &str) -> Result<String, String> {
    let root = workspace();
    let dir = root.join("target/layoutgen").join(slot);
    // Each slot a package of its own name: cargo tells same-named packages of two workspaces
    // apart by name and version only, so two slots of one name would share their artifacts.
    let name = format!("wire-layouts-{slot}");
    render::write_crate(&batch.types, &name, &dir, &root)
        .map_err(|e| format!("writing {}: {e}", dir.display()))?;
    let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .arg("test")
        .arg("--quiet")
        .arg("--manifest-path")
        .arg(dir.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(root.join("target/layoutgen/target"))
        .env("PROPTEST_CASES", cases.to_string())
        .env("CARGO_INCREMENTAL", "0")
        .env_remove("RUSTFLAGS")
        .output()
        .map_err(|e| format!("running cargo: {e}"))?;
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    if output.status.success() {
        return Ok(text);
    }
    let kept = root
        .join("target/layoutgen")
        .join(format!("failed-seed-{}", batch.seed));
    render::write_crate(&batch.types, &name, &kept, &root)
        .map_err(|e| format!("writing {}: {e}", kept.display()))?;
    Err(format!(
        "seed {} failed (replay: cargo run -p wire-layoutgen -- --seed {} --count {}); \
         the crate is in {}\n{text}",
        batch.seed,
        batch.seed,
        batch.types.len(),
        kept.display()
    ))
}
