import { getTableName } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESCRIPTIONS } from '../../shared/resources';
import type { FieldSpec } from '../../shared/resources/fields';
import { DOOR_KINDS, doorOf, MESSAGE_KINDS, messageNaming, PASS_KINDS, passHoldsOf, RESOURCE_NAMES, RESOURCES } from '../../shared/resources/kinds';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { RESOURCE_TABLES } from './resource-tables';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

/** The column names (drizzle's property names) of a resource's table. */
const columnsOf = (name: keyof typeof RESOURCE_TABLES) => Object.keys(RESOURCE_TABLES[name]);

// The registry (shared/resources/kinds.ts) is the one list of resources and of the kinds of people: a new
// kind is an entry there. This walks it and fails on an entry the rest of the product cannot carry.
describe('the resource registry', () => {
  it('files every resource under its own name, with a description and a table', () => {
    for (const name of RESOURCE_NAMES) {
      expect(DESCRIPTIONS[name].name).toBe(name);
      expect(RESOURCE_TABLES[name]).toBeDefined();
    }
  });

  it('gives every resource its statuses and default status from its status field, the default among them', () => {
    for (const name of RESOURCE_NAMES) {
      const description = DESCRIPTIONS[name];
      const statusField = (description.fields as readonly FieldSpec[]).find((field) => field.name === 'status');
      expect(description.statuses.length, name).toBeGreaterThan(0);
      expect(description.statuses, name).toEqual(statusField?.options);
      expect(description.statuses, name).toContain(description.defaultStatus);
      expect(description.defaultStatus, name).toBe(statusField?.default);
    }
  });

  it('gives every door kind a table with roster triggers, a door column, a flow, a precedence, holds and labels', async () => {
    const triggers = (await t.client.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")).rows.map((r) => String(r.name));
    expect(DOOR_KINDS.length).toBeGreaterThan(0);
    for (const kind of DOOR_KINDS) {
      const door = doorOf(kind);
      const table = getTableName(RESOURCE_TABLES[kind]);
      for (const when of ['insert', 'update', 'move', 'delete']) expect(triggers, `${kind}: roster trigger ${when}`).toContain(`${table}_roster_${when}`);
      expect(columnsOf(kind), kind).toEqual(expect.arrayContaining([door.column, door.nameField, 'statusOperationId', 'passCode']));
      expect(door.flow.length, `${kind}: a flow`).toBeGreaterThan(0);
      expect(door.precedence.length, `${kind}: a precedence`).toBeGreaterThan(0);
      expect(door.holds.length, `${kind}: holds`).toBeGreaterThan(0);
      for (const status of [...door.flow, ...door.precedence, ...door.holds]) expect(door.statuses, `${kind}: ${status}`).toContain(status);
      for (const hold of door.holds) expect(door.flow, `${kind}: a hold is no step of the flow`).not.toContain(hold);
      expect(door.flow).toContain('checked_in');
      expect(door.label.trim(), `${kind}: a pass label`).not.toBe('');
      expect(door.plural.trim(), `${kind}: a plural`).not.toBe('');
    }
  });

  it('names each pass kind by a column of its table, with a type label, and each message kind by a link code of its own', () => {
    const codes = MESSAGE_KINDS.map((kind) => RESOURCES[kind].messages.linkCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const kind of PASS_KINDS) expect(MESSAGE_KINDS, `${kind}: a pass kind gets messages`).toContain(kind);
    for (const kind of MESSAGE_KINDS) {
      const { nameField } = messageNaming(kind);
      expect(columnsOf(kind), kind).toEqual(expect.arrayContaining([nameField, 'passCode', 'mobileNumber', 'email', 'status', 'eventId', 'registrationType']));
    }
    for (const kind of PASS_KINDS) {
      const pass = RESOURCES[kind].pass;
      expect(columnsOf(kind), kind).toEqual(expect.arrayContaining([pass.nameField, 'passCode', 'mobileNumber', 'email', 'status', 'eventId']));
      expect(pass.typeLabel.trim()).not.toBe('');
    }
  });

  it('holds a pass on statuses its record can have (a hold outside them would never stop a pass)', () => {
    for (const kind of PASS_KINDS) {
      for (const hold of passHoldsOf(kind)) expect(DESCRIPTIONS[kind].statuses as readonly string[], `${kind}: ${hold}`).toContain(hold);
    }
    expect(passHoldsOf('visitors')).toEqual(expect.arrayContaining(['cancelled']));
  });
});
