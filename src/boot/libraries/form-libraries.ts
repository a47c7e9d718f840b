/**
 * A layer of the forms (src/app/lazy-screen.ts `withForms`, decision 181): Formik, yup and what they
 * bring (lodash's modules among them), evaluated in a task of their own before the app's field
 * system (src/boot/libraries/forms.ts), which is the next task. Evaluated together, the two were one
 * task of about 130 ms at 4x CPU on the pin step. Imported by name: nothing here runs.
 */
export { Field, Form, Formik } from 'formik';
export { mixed, object, string } from 'yup';
