#if canImport(Glibc)
@preconcurrency import Glibc
#endif

// gridrepl: the Lua 5.4 interpreter (lua.c's behaviour) with the `gridlayout` module preloaded.
exit(Runner.main())
