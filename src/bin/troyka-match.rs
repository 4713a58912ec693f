//! `troyka-match`: the match runner; everything is in [`troyka::tournament`].

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(troyka::tournament::main(&args));
}
