//! Writes the fast Kin Kādo evaluator's lookup tables into OUT_DIR (see
//! src/kinkado/fastgen.rs), so the binary starts with them ready.

#[path = "src/kinkado/fastgen.rs"]
mod fastgen;

use std::io::Write;

fn write(dir: &std::path::Path, name: &str, bytes: &[u8]) {
    let path = dir.join(name);
    let mut f = std::fs::File::create(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    f.write_all(bytes)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-changed=src/kinkado/fastgen.rs");
    let dir = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR is set"));

    // Rank table: every (rank counts, jokers) through the row displacement.
    let entries = fastgen::rank_keys();
    let keys: Vec<u32> = entries
        .iter()
        .map(|(c, j)| fastgen::key_of(c, *j))
        .collect();
    let offsets = fastgen::row_displacement(&keys).expect("the rank keys fit the table");
    let size = fastgen::TABLE_LEN;
    let mut slots = vec![false; size];
    let mut values = vec![0u8; 2 * size * fastgen::COMBOS];
    let mut deficits = vec![0u8; size * fastgen::COMBOS / 2];
    for ((counts, jokers), key) in entries.iter().zip(&keys) {
        let slot = fastgen::index(&offsets, *key);
        assert!(!slots[slot], "two rank keys share index {slot} (key {key})");
        slots[slot] = true;
        for (combo, best) in fastgen::rank_entry(counts, *jokers).iter().enumerate() {
            let i = combo * size + slot;
            values[2 * i..2 * i + 2].copy_from_slice(&best.value.to_le_bytes());
            if combo & 1 == 1 {
                deficits[(combo / 2) * size + slot] = best.deficit;
            }
        }
    }
    let span = slots.iter().rposition(|&s| s).map_or(0, |i| i + 1);
    write(&dir, "kinkado_rank.bin", &values);
    write(&dir, "kinkado_rank_deficit.bin", &deficits);

    // Flush table: (jokers << 13 | suit mask) for hands of at most 7 cards.
    let flush_size = 4 << 13;
    let mut fvalues = vec![0u8; 2 * flush_size * fastgen::COMBOS];
    let mut fdeficits = vec![0u8; flush_size * fastgen::COMBOS / 2];
    for jokers in 0..=2u32 {
        for mask in 0..(1u16 << 13) {
            if mask.count_ones() + jokers > 7 || mask.count_ones() + jokers < 5 {
                continue;
            }
            let idx = ((jokers as usize) << 13) | mask as usize;
            for (combo, best) in fastgen::flush_entry(mask, jokers).iter().enumerate() {
                let i = combo * flush_size + idx;
                fvalues[2 * i..2 * i + 2].copy_from_slice(&best.value.to_le_bytes());
                if combo & 1 == 1 {
                    fdeficits[(combo / 2) * flush_size + idx] = best.deficit;
                }
            }
        }
    }
    write(&dir, "kinkado_flush.bin", &fvalues);
    write(&dir, "kinkado_flush_deficit.bin", &fdeficits);

    let consts = format!(
        "/// Each row's place over `fastgen::ROW_ALIGN` (see `fastgen::row_displacement`); \
         {used} rank keys in the first {span} of {size} entries.\n\
         pub static OFFSETS: [u16; {len}] = {offsets:?};\n",
        used = keys.len(),
        span = span,
        len = offsets.len()
    );
    write(&dir, "kinkado_consts.rs", consts.as_bytes());
}
