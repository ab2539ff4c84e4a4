// Types of the `cloudflare:test` module the Workers vitest plugin provides inside workerd.
/// <reference types="@cloudflare/vitest-plugin/types" />
