// Placeholder so the test target builds while its first tests are written; delete when they land.
enum LacriptaCLITestsModule {}
