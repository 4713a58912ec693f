fn main() {
    std::process::exit(troyka::cli::run(std::env::args().skip(1).collect()));
}
