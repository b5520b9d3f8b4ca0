import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest, forbidden, notFound, tooLarge } from '../lib/errors';
import { ok } from '../lib/envelope';
import { imageProblem, imageTypeOf, imageUrl, MAX_IMAGE_BYTES } from '../questions/images';
import { findImage, insertImage, staffMaySee, studentMaySee } from '../questions/imageStore';

/**
 * Images of questions, kept in the database with the questions:
 * - POST /api/question-images (teachers; multipart with one part `file`): checks the bytes (PNG,
 *   JPEG, GIF or WebP by their signature, at most 1 MB) and answers `{ id, url }`; the question's
 *   Markdown then refers to it as `![alt](url)`.
 * - GET /api/question-images/:id: the image, to a teacher of its department who may see a question
 *   that refers to it (or who uploaded it, until a question holds it), and to a student while one of
 *   their attempts on a quiz of its department, whose paper refers to it, is running or may be
 *   reviewed. Anyone else gets 404.
 */

const FILE_MESSAGE = 'Choose an image file (PNG, JPEG, GIF or WebP, at most 1 MB)';
const TOO_LARGE = `An image may be at most 1 MB (${MAX_IMAGE_BYTES.toLocaleString('en')} bytes)`;

const questionImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['questions'];

  app.post('/question-images', { onRequest: app.requireRole('TEACHER'), schema: { tags, summary: 'Upload an image for a question (multipart: file)' } }, async (req, reply) => {
    const user = req.user!;
    if (user.departmentId === null) throw forbidden('Only a teacher of a department can add images to questions');
    if (!req.isMultipart()) throw badRequest('Send the image as multipart/form-data', { file: FILE_MESSAGE });
    let bytes: Buffer | undefined;
    try {
      for await (const part of req.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 6 } })) {
        if (part.type !== 'file') continue;
        bytes = await part.toBuffer();
        if (part.file.truncated) throw new AppError(413, TOO_LARGE, 'TOO_LARGE', { errors: { file: TOO_LARGE } });
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, TOO_LARGE, 'TOO_LARGE', { errors: { file: TOO_LARGE } });
      if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest('Send one image at a time', { file: 'Send one image at a time' });
      throw badRequest(`The upload could not be read: ${err instanceof Error ? err.message : 'malformed multipart body'}`);
    }
    if (!bytes) throw badRequest(FILE_MESSAGE, { file: FILE_MESSAGE });
    const problem = imageProblem(bytes);
    if (problem) throw bytes.length > MAX_IMAGE_BYTES ? tooLarge(problem) : badRequest(problem, { file: problem });
    const id = await insertImage(app.db, user, bytes, imageTypeOf(bytes)!, null);
    reply.code(201);
    return ok({ id, url: imageUrl(id) }, 'Image uploaded');
  });

  app.get(
    '/question-images/:id',
    {
      onRequest: app.authenticate,
      compress: false,
      schema: { tags, summary: 'An image of a question, to those who may see the question', params: z.object({ id: z.string() }) },
    },
    async (req, reply) => {
      const user = req.user!;
      const raw = req.params.id;
      const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
      if (!(id > 0 && id <= 2 ** 31 - 1)) throw notFound('No such image');
      const image = await findImage(app.db, id);
      if (!image) throw notFound('No such image');
      const owner = { ...image, id };
      const allowed = user.role === 'STUDENT' ? await studentMaySee(app.db, user, owner) : await staffMaySee(app.db, user, owner);
      if (!allowed) throw notFound('No such image');
      return reply
        .header('content-type', image.content_type)
        .header('cache-control', 'private, max-age=600')
        .header('content-disposition', 'inline')
        .send(Buffer.from(image.bytes));
    },
  );
};

export default questionImageRoutes;
