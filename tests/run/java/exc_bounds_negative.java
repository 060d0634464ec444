// A negative index throws ArrayIndexOutOfBoundsException with the negative index.
class Main {
    public static void main(String[] args) {
        long[] values = {1, 2, 3};
        int i = 2;
        while (true) {
            System.out.println(values[i]);
            i -= 1;
        }
    }
}
// throws-at: 7:32
