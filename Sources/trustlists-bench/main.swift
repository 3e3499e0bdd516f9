QueryBenchmarks.run()
