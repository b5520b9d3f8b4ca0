import type { EntityDef } from './entity';
import { departmentEntity } from './departments';
import { feedbackEntity } from './feedbacks';
import { groupEntity } from './groups';
import { guidelineEntity } from './guidelines';
import { instituteEntity } from './institutes';
import { ltiPlatformEntity } from './ltiPlatforms';
import { moduleEntity } from './modules';
import { questionEntity } from './questions';
import { quizEntity } from './quizzes';
import { roomEntity } from './rooms';
import { studentEntity } from './students';
import { subjectEntity } from './subjects';
import { teacherEntity } from './teachers';
import { topicEntity } from './topics';

/**
 * Every REST entity by its resource name under /api. Registering a new entity is one line
 * here; the server's CRUD generator and the front end's resources both walk this object, and
 * each staff area's menu lists the entities placed in it (their `areas`) in this order,
 * followed by the area's own pages.
 */
export const entities = {
  institutes: instituteEntity,
  departments: departmentEntity,
  teachers: teacherEntity,
  subjects: subjectEntity,
  modules: moduleEntity,
  topics: topicEntity,
  students: studentEntity,
  groups: groupEntity,
  questions: questionEntity,
  quizzes: quizEntity,
  rooms: roomEntity,
  feedbacks: feedbackEntity,
  guidelines: guidelineEntity,
  'lti-platforms': ltiPlatformEntity,
} as const satisfies Record<string, EntityDef>;

export type ResourceName = keyof typeof entities;
export const RESOURCE_NAMES = Object.keys(entities) as ResourceName[];

/** The entity behind a resource name from a URL, or undefined when there is none. */
export const entityOf = (resource: string): EntityDef | undefined =>
  Object.hasOwn(entities, resource) ? entities[resource as ResourceName] : undefined;

export * from './entity';
export * from './listColumns';
export * from './fields';
export * from './roles';
export * from './auth';
export * from './envelope';
export * from './institutes';
export * from './departments';
export * from './teachers';
export * from './subjects';
export * from './students';
export * from './studentUpload';
export * from './groups';
export * from './modules';
export * from './topics';
export * from './questions';
export * from './quizzes';
export * from './guidelines';
export * from './feedbacks';
export * from './ltiPlatforms';
