// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareKeys, configKeyOf, configKeyOfPlist, parsePlist, sebJson, sha256Hex } from '../../../server/integrity/sebConfigKey';
import { readNrbf } from '../../support/nrbf';

const dir = path.resolve(__dirname, '../../fixtures/seb');
const read = (name: string) => fs.readFileSync(path.join(dir, name));
const manifest = JSON.parse(read('manifest.json').toString('utf8')) as {
  configKeyVectors: { file: string; expected: string; format?: string }[];
};

/**
 * SEB for Windows' vectors are .NET BinaryFormatter dumps of the parsed configuration (read with
 * tests/support/nrbf.ts); beside each lie the same dictionary as a plist and the SEB-JSON that
 * SEB for Windows hashes.
 */
const plistOf = (v: { file: string; format?: string }) => (v.format === 'nrbf' ? v.file.replace(/\.bin$/, '.plist') : v.file);
const keyOf = (v: { file: string; format?: string }) => (v.format === 'nrbf' ? configKeyOf(readNrbf(read(v.file))) : configKeyOfPlist(read(v.file)));

describe('SEB Config Key', () => {
  it('covers every vector of the manifest', () => {
    expect(manifest.configKeyVectors.length).toBe(14);
  });

  for (const vector of manifest.configKeyVectors) {
    it(`gives the expected key for ${vector.file}`, () => {
      expect(keyOf(vector)).toBe(vector.expected);
    });
    if (vector.format === 'nrbf') {
      it(`gives the same key from the plist transcription of ${vector.file}`, () => {
        expect(configKeyOfPlist(read(plistOf(vector)))).toBe(vector.expected);
      });
      it(`writes the SEB-JSON that SEB for Windows hashes for ${vector.file}`, () => {
        const json = read(vector.file.replace(/\.bin$/, '.seb-json.txt')).toString('utf8');
        expect(sha256Hex(json)).toBe(vector.expected);
        expect(sebJson(parsePlist(read(plistOf(vector))))).toBe(json);
      });
    }
  }

  it('writes the SEB-JSON that SEB for macOS logged for a full file', () => {
    const expected = read('moodle/JSON_unencrypted_mac_001.txt').toString('utf8').trim();
    expect(sebJson(parsePlist(read('moodle/unencrypted_mac_001.seb')))).toBe(expected);
  });

  const cases = JSON.parse(read('moodle/property_list_json_cases.json').toString('utf8')).cases as Record<string, { xml: string; expectedJson: string }>;
  for (const [name, c] of Object.entries(cases)) {
    it(`writes SEB-JSON for the case "${name}"`, () => {
      expect(sebJson(parsePlist(c.xml))).toBe(c.expectedJson);
    });
  }

  it('drops originatorVersion at every level and empty dictionaries, and ignores the file order', () => {
    const a = parsePlist(`<plist><dict><key>originatorVersion</key><string>x</string><key>b</key><dict><key>originatorVersion</key><string>y</string><key>Z</key><integer>1</integer></dict><key>e</key><dict/><key>A</key><true/></dict></plist>`);
    expect(sebJson(a)).toBe('{"A":true,"b":{"Z":1}}');
    const b = parsePlist(`<plist><dict><key>A</key><true/><key>b</key><dict><key>Z</key><integer>1</integer></dict></dict></plist>`);
    expect(sebJson(b)).toBe(sebJson(a));
  });

  it('sorts keys case-insensitively, lower case first on a tie', () => {
    expect(['allowWLAN', 'allowedX', 'allowWlan', 'Allow'].sort(compareKeys)).toEqual(['Allow', 'allowedX', 'allowWlan', 'allowWLAN']);
  });

  it('changes the key when one setting changes', () => {
    const on = configKeyOfPlist('<plist><dict><key>allowQuit</key><true/></dict></plist>');
    const off = configKeyOfPlist('<plist><dict><key>allowQuit</key><false/></dict></plist>');
    expect(on).not.toBe(off);
  });

  it('refuses what is not a plist', () => {
    expect(() => parsePlist('<html></html>')).toThrow(/plist/);
    expect(() => parsePlist('<plist><dict><key>a</key></dict></plist>')).toThrow(/no value/);
  });
});
