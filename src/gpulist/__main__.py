from gpulist.cli import main

raise SystemExit(main())
