// `Integer.parseInt` and `Long.parseLong` of `null` raise `NumberFormatException` ("Cannot
// parse null string"), as Java does; a literal `null` argument builds.
class Main {
    public static void main(String[] args) {
        String z = null;
        System.out.println("start");
        if (args.length > 0) {
            System.out.println(Integer.parseInt(null));
        }
        System.out.println(Long.parseLong(z));
    }
}
