// printf widths and precisions count UTF-16 code units, as Java's String.length does: a
// character outside the BMP is two, and a precision cutting it in half leaves a lone
// surrogate, printed as `?`.
class Main {
    public static void main(String[] args) {
        String e = "😀x";
        System.out.printf("[%.2s]%n", e);
        System.out.printf("[%.1s]%n", e);
        System.out.printf("[%5s]%n", e);
        System.out.printf("[%-4s]%n", "😀");
        System.out.printf("[%4c]%n", 0x1F600);
        System.out.println(String.format("[%.3S]", "😀ab"));
    }
}
