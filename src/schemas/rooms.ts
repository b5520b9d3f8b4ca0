import { z } from 'zod';
import { defineEntity } from './entity';
import { intInRange, requiredText } from './fields';

export const ROOM_NAME_MAX = 50;
export const ROOM_BUILDING_MAX = 100;
export const ROOM_CAPACITY_MAX = 10_000;

/** A room where an exam is sat: its name, how many students it seats and the building it is in. */
export const roomSchema = z.object({
  name: requiredText('Room name is required').max(ROOM_NAME_MAX, `Room name should not exceed ${ROOM_NAME_MAX} characters`),
  capacity: intInRange('Capacity is required', `Capacity must be a whole number from 1 to ${ROOM_CAPACITY_MAX}`, 1, ROOM_CAPACITY_MAX),
  building: requiredText('Building is required').max(ROOM_BUILDING_MAX, `Building should not exceed ${ROOM_BUILDING_MAX} characters`),
});
export type RoomInput = z.input<typeof roomSchema>;
export type Room = z.infer<typeof roomSchema>;
export type RoomRecord = Room & { id: number };

/**
 * Rooms belong to a department: its head keeps them, its teachers look them up to put a quiz
 * in one. A plain entity: one table, stored by the generator's table adapter.
 */
export const roomEntity = defineEntity({
  resource: 'rooms',
  label: 'Rooms',
  singular: 'Room',
  schema: roomSchema,
  fields: {
    name: { label: 'Room', list: true, sortable: true, search: true },
    building: { label: 'Building', list: true, sortable: true, filter: true, search: true },
    capacity: { label: 'Capacity', list: true, sortable: true },
  },
  recordRepresentation: 'name',
  defaultSort: { field: 'name', order: 'ASC' },
  access: {
    list: ['DEPARTMENT-HEAD', 'TEACHER'],
    read: ['DEPARTMENT-HEAD', 'TEACHER'],
    create: ['DEPARTMENT-HEAD'],
    update: ['DEPARTMENT-HEAD'],
    delete: ['DEPARTMENT-HEAD'],
  },
  scope: { 'DEPARTMENT-HEAD': 'department', TEACHER: 'department' },
  areas: { 'DEPARTMENT-HEAD': 'rooms', TEACHER: 'rooms' },
});
