// java.util.Random integer methods reproduce Java's sequences for several seeds.
import java.util.Random;

class Main {
    public static void main(String[] args) {
        long[] seeds = {0L, 42L, -7L, 123456789123L, Long.MIN_VALUE};
        int[] bounds = {1, 2, 7, 16, 100, 1 << 30, 1000000007, Integer.MAX_VALUE};
        for (int s = 0; s < seeds.length; s++) {
            Random r = new Random(seeds[s]);
            System.out.println("seed " + seeds[s]);
            for (int i = 0; i < 4; i++) {
                System.out.print(r.nextInt() + " ");
            }
            System.out.println();
            for (int i = 0; i < bounds.length; i++) {
                System.out.print(r.nextInt(bounds[i]) + " ");
            }
            System.out.println();
            for (int i = 0; i < 3; i++) {
                System.out.print(r.nextLong() + " ");
            }
            System.out.println();
            for (int i = 0; i < 8; i++) {
                System.out.print(r.nextBoolean() + " ");
            }
            System.out.println();
        }
        Random r = new Random(2024);
        int[] histogram = new int[10];
        for (int i = 0; i < 100000; i++) {
            histogram[r.nextInt(10)]++;
        }
        for (int i = 0; i < 10; i++) {
            System.out.print(histogram[i] + " ");
        }
        System.out.println();
        long sum = 0;
        for (int i = 0; i < 1000; i++) {
            sum += r.nextInt(1 << 20) ^ r.nextLong();
        }
        System.out.println(sum);
    }
}
