int nvc_multi_call_host() { return 0; }
