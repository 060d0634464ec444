// java.util.Random floating methods, including nextGaussian, reproduce Java's sequences.
import java.util.Random;

class Main {
    public static void main(String[] args) {
        long[] seeds = {1L, 99L, -123L};
        for (int s = 0; s < seeds.length; s++) {
            Random r = new Random(seeds[s]);
            System.out.println("seed " + seeds[s]);
            for (int i = 0; i < 4; i++) {
                System.out.print(r.nextFloat() + " ");
            }
            System.out.println();
            for (int i = 0; i < 4; i++) {
                System.out.print(r.nextDouble() + " ");
            }
            System.out.println();
            for (int i = 0; i < 5; i++) {
                System.out.print(r.nextGaussian() + " ");
            }
            System.out.println();
            System.out.println(r.nextInt(5) + " " + r.nextGaussian() + " " + r.nextFloat() + " " + r.nextGaussian());
        }
        Random g = new Random(7);
        double total = 0;
        for (int i = 0; i < 1000; i++) {
            total += g.nextGaussian();
        }
        System.out.println(total);
    }
}
