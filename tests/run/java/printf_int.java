// printf / String.format: %d %x %s %c %b %n %% with widths and the - and 0 flags.
class Main {
    public static void main(String[] args) {
        System.out.printf("%d %d %d%n", 0, -42, Integer.MIN_VALUE);
        System.out.printf("%d %d%n", Long.MAX_VALUE, -7L);
        System.out.printf("[%5d] [%-5d] [%05d] [%-8d] [%08d]%n", 42, 42, 42, -42, -42);
        System.out.printf("[%1d] [%3d]%n", 12345, -12345);
        System.out.printf("%x %x %x %x%n", 255, -1, 0, Integer.MIN_VALUE);
        System.out.printf("%x %x%n", -1L, 0x123456789abL);
        System.out.printf("[%8x] [%-8x] [%08x]%n", 48879, 48879, 48879);
        System.out.printf("%s %s %s %s%n", "text", 12, 2.5, true);
        System.out.printf("%s %s %s%n", 'q', 10000000.0, 1.0f / 3);
        System.out.printf("[%10s] [%-10s] [%2s]%n", "right", "left", "long");
        System.out.printf("%c%c%c %c%n", 'a', 'b', 'c', 65);
        System.out.printf("[%3c] [%-3c]%n", 'x', 'y');
        System.out.printf("%b %b %b%n", true, false, 5 > 3);
        System.out.printf("[%6b] [%-6b]%n", true, false);
        System.out.printf("100%% done%n");
        System.out.printf("no args%n");
        byte small = -5;
        short mid = 300;
        System.out.printf("%d %d %x %x%n", small, mid, small, mid);
        String s = String.format("%d-%s-%x", 7, "seven", 7);
        System.out.println(s);
        System.out.println(String.format("[%-6d|%6d]", 1, 2) + "!");
        long total = 0;
        for (int i = 0; i < 10; i++) {
            total += (long) i * i * i * 1000003;
        }
        System.out.printf("total=%d hex=%x%n", total, total);
        System.out.print(String.format("%n"));
        System.out.printf("%s%n", String.format("%5s|%-5s|", "ab", "cd"));
    }
}
