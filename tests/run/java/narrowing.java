// Narrowing primitive conversions truncate bits; widening to float/double may round.
class Main {
    public static void main(String[] args) {
        int[] values = {0, 127, 128, 255, 256, -129, 32767, 32768, 65535, 65536, -1, 0x12345678, Integer.MIN_VALUE};
        for (int i = 0; i < values.length; i++) {
            int v = values[i];
            System.out.println(v + " -> " + (byte) v + " " + (short) v + " " + (int) (char) v + " " + (long) v);
        }
        long big = 0x123456789ABCDEF0L;
        System.out.println((int) big);
        System.out.println((short) big);
        System.out.println((byte) big);
        System.out.println((int) (char) big);
        System.out.println((int) Long.MIN_VALUE);
        System.out.println((float) 16777217);
        System.out.println((float) 123456789);
        System.out.println((double) Long.MAX_VALUE);
        System.out.println((float) Long.MAX_VALUE);
        System.out.println((double) 9007199254740993L);
        System.out.println((float) 0.1);
        System.out.println((double) 0.1f);
        System.out.println((float) 1e40);
        System.out.println((float) -1e-50);
        System.out.println((float) 3.4028235677973366E38);
        System.out.println((char) 97);
        System.out.println((char) (byte) -1 == 65535);
        byte b = (byte) 200;
        short s = (short) b;
        char c = (char) b;
        System.out.println(b + " " + s + " " + (int) c);
        int fromChar = c;
        System.out.println(fromChar);
        long widened = 'A';
        System.out.println(widened);
        double fromLong = 1L << 53;
        System.out.println(fromLong + 1);
    }
}
