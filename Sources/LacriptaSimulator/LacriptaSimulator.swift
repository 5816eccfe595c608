// Placeholder so the target builds while its first real files are written; delete when they land.
enum LacriptaSimulatorModule {}
