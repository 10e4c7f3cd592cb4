import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from './config';

describe('TRUST_PROXY', () => {
  it('is off unless set', () => {
    expect(loadConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'farmstand-config-')) }).trustProxy).toBe(false);
    for (const off of ['', ' ', 'false', 'off', '0']) expect(parseTrustProxy(off)).toBe(false);
  });

  it('takes a hop count or a list of addresses and CIDRs', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8']);
  });

  it('refuses anything else with a message naming the variable', () => {
    for (const bad of ['true', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/1', '300.1.1.1']) {
      expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY: '.*' is not an IP address or CIDR/);
    }
  });
});
