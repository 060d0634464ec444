// Java twin of exc_out_of_memory.somd.
class Main {
    public static void main(String[] args) {
        System.out.println("start");
        int n = Integer.MAX_VALUE;
        long[][] m = new long[n][0];
        System.out.println(m.length);
    }
}
